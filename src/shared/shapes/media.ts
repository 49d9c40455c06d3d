/**
 * The answers of the `media` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

export const mediaImageOutput = z.strictObject({
  src: z.string(),
  width: z.number(),
  height: z.number(),
});
export type MediaImage = z.infer<typeof mediaImageOutput>;

/** The site images, as each media answer and the content's preview hold them. */
export const siteMediaOutput = z.strictObject({
  /**
   * `png`: the same logo as a PNG when `src` is an SVG, for mail (most mail programs show no
   * SVG); absent for a PNG logo, and for an SVG uploaded before it was made.
   */
  logo: z.optional(
    z.strictObject({
      src: z.string(),
      width: z.number(),
      height: z.number(),
      png: z.optional(z.string()),
    }),
  ),
  /** The photo's JPEG at 1x as `src`, and each format's `1x, 2x` srcset. */
  photo: z.optional(
    z.strictObject({
      src: z.string(),
      width: z.number(),
      height: z.number(),
      avif: z.string(),
      webp: z.string(),
      jpeg: z.string(),
    }),
  ),
  og: z.optional(mediaImageOutput),
  /**
   * `png512` is absent for a favicon uploaded before it was made (the manifest then lists the
   * 192 px one alone, which browsers scale up for a splash screen).
   */
  favicon: z.optional(
    z.strictObject({
      png32: z.string(),
      png180: z.string(),
      png192: z.string(),
      png512: z.optional(z.string()),
    }),
  ),
});
export type SiteMedia = z.infer<typeof siteMediaOutput>;

export const outputs = {
  list: siteMediaOutput,
  upload: siteMediaOutput,
  remove: siteMediaOutput,
};
