import { useState } from 'react';
import { DEMO_VIDEO } from '#shared/demo-video';
import { PlayIcon } from '#client/ui/icons';
import { focusRing } from '#shared/ui-styles';
import { SectionHeading } from './section-heading';
import { useSiteContent } from './site-content-context';

/** The embed address with autoplay on, since the visitor has just pressed play. */
export function autoplayUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * "See AI in Action" in a 16:9 box reserved before anything loads (no layout shift): the demo
 * video that comes with the site, or the owner's YouTube or Vimeo video, or no section at all
 * (docs/content.md). Nothing of the video is fetched until the visitor plays it.
 */
export function VideoSection() {
  const { video } = useSiteContent();
  if (video.source === 'none') return null;

  return (
    <section aria-labelledby="video-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="video-title" eyebrow="Demo" title="See AI in Action">
          {video.description}
        </SectionHeading>
        <div
          data-reveal
          className="relative mt-10 aspect-video overflow-hidden rounded-2xl border border-line bg-slate-900 shadow-xl"
        >
          {video.source === 'demo' ? (
            <DemoVideo title={video.title} />
          ) : (
            <EmbeddedVideo embedUrl={video.embedUrl} title={video.title} />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The bundled demo, served by the site itself (public/media/, scripts/demo-video/make.ts):
 * only the poster loads with the page (`preload="none"`); the page's beacon counts its first
 * play as `video_play` (analytics-beacon.ts).
 */
function DemoVideo({ title }: { title: string }) {
  return (
    <video
      controls
      preload="none"
      playsInline
      poster={DEMO_VIDEO.poster}
      width={DEMO_VIDEO.width}
      height={DEMO_VIDEO.height}
      aria-label={title}
      data-event="video_play"
      className="absolute inset-0 h-full w-full"
    >
      <source src={DEMO_VIDEO.video} type="video/mp4" />
      <track kind="captions" src={DEMO_VIDEO.captions} srcLang="en" label="English" default />
      <a href={DEMO_VIDEO.video}>{title} (MP4)</a>
    </video>
  );
}

/**
 * A click-to-play facade: no third-party frame or script loads until the visitor asks for
 * the video, and the player then starts at once (autoplay).
 */
function EmbeddedVideo({ embedUrl, title }: { embedUrl: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={autoplayUrl(embedUrl)}
        title={title}
        className="absolute inset-0 h-full w-full"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-linear-to-br from-slate-900 to-indigo-950 p-6 text-center">
      <button
        type="button"
        onClick={() => setPlaying(true)}
        // The press is the video's start: the player begins at once (autoplay).
        data-event="video_play"
        className={`inline-flex h-20 w-20 cursor-pointer items-center justify-center rounded-full bg-white text-brand-800 shadow-2xl transition-transform hover:scale-105 ${focusRing}`}
        aria-label={`Play video: ${title}`}
      >
        <PlayIcon width={34} height={34} className="ml-1 fill-current" />
      </button>
      <p className="rounded-lg bg-slate-950/70 px-4 py-2 text-base font-semibold text-white">
        {title}
      </p>
    </div>
  );
}
