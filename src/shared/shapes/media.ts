/**
 * The answers of the `media` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const mediaImageOutput = z.strictObject({ src: z.string(), width: z.number(), height: z.number() });

/** The site images, as each media answer and the content's preview hold them. */
export const siteMediaOutput = z.strictObject({
  logo: z.optional(
    z.strictObject({
      src: z.string(),
      width: z.number(),
      height: z.number(),
      png: z.optional(z.string()),
    }),
  ),
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
  favicon: z.optional(
    z.strictObject({
      png32: z.string(),
      png180: z.string(),
      png192: z.string(),
      png512: z.optional(z.string()),
    }),
  ),
});

export const outputs = {
  list: siteMediaOutput,
  upload: siteMediaOutput,
  remove: siteMediaOutput,
};
