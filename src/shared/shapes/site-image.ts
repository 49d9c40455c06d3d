/** An uploaded image as the answers carry it (entries' covers, testimonials' photos, logos). */
import { z } from 'zod/mini';

/** `url` a path on the site (/uploads/…). */
export const siteImageOutput = z.strictObject({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
});
export type SiteImage = z.infer<typeof siteImageOutput>;
