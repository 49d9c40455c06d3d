/**
 * The bundled demo video: its files in public/media/, named by their content hash, so
 * they are cached for a year (server/http/static.ts). Written by
 * scripts/demo-video/make.ts; regenerate rather than edit (docs/demo-video.md).
 */
export const DEMO_VIDEO = {
  video: '/media/facility-demo.NM2SF0OXkH.mp4',
  poster: '/media/facility-demo.AKkOI_y-E1.webp',
  captions: '/media/facility-demo.0YyfIhn1cn.vtt',
  width: 1280,
  height: 720,
  seconds: 32,
} as const;
