/**
 * The answers of the `testimonials` and `clientLogos` procedures, as the `.output(...)`
 * schema of each procedure: tRPC checks every answer against it (an unknown key is an error,
 * not dropped), and the OpenAPI document describes the REST answers with it (docs/api.md,
 * "OpenAPI").
 */
import { z } from 'zod/mini';
import { siteImageOutput } from './site-image';
import { proofStatusValues } from '../proof';

const consentOutput = z.nullable(z.strictObject({ at: z.string(), how: z.string() }));

/** A testimonial as the API answers it (docs/api.md, "Testimonials and client logos"). */
export const testimonialOutput = z.strictObject({
  id: z.number(),
  quote: z.string(),
  name: z.string(),
  role: z.string(),
  company: z.string(),
  photo: z.nullable(siteImageOutput),
  entryId: z.nullable(z.number()),
  leadId: z.nullable(z.number()),
  consent: consentOutput,
  status: z.enum(proofStatusValues),
});
export type Testimonial = z.infer<typeof testimonialOutput>;

export const clientLogoOutput = z.strictObject({
  id: z.number(),
  name: z.string(),
  image: z.nullable(siteImageOutput),
  url: z.nullable(z.string()),
  consent: consentOutput,
  status: z.enum(proofStatusValues),
});
export type ClientLogo = z.infer<typeof clientLogoOutput>;

const page = { total: z.number(), page: z.number(), pageSize: z.number() };
const oneTestimonial = z.strictObject({ testimonial: testimonialOutput });
const oneLogo = z.strictObject({ clientLogo: clientLogoOutput });
const removed = z.strictObject({ success: z.literal(true) });

export const testimonialOutputs = {
  list: z.strictObject({ testimonials: z.array(testimonialOutput), ...page }),
  byId: oneTestimonial,
  create: oneTestimonial,
  save: oneTestimonial,
  publish: oneTestimonial,
  unpublish: oneTestimonial,
  remove: removed,
  uploadPhoto: oneTestimonial,
  removePhoto: oneTestimonial,
};

export const clientLogoOutputs = {
  list: z.strictObject({ clientLogos: z.array(clientLogoOutput), ...page }),
  byId: oneLogo,
  create: oneLogo,
  save: oneLogo,
  publish: oneLogo,
  unpublish: oneLogo,
  remove: removed,
  uploadImage: oneLogo,
  removeImage: oneLogo,
};
