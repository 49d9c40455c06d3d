/**
 * The answers of the `content` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { siteMediaOutput } from './media';

const contentVersionOutput = z.strictObject({
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: z.nullable(z.string()),
});
export type ContentVersion = z.infer<typeof contentVersionOutput>;

/** A titled part of the site content (a section, a card). */
const siteContentSectionOutput = z.strictObject({ title: z.string(), description: z.string() });

export const outputs = {
  get: z.strictObject({
    content: z.strictObject({
      company: z.strictObject({
        name: z.string(),
        shortName: z.string(),
        tagline: z.string(),
        pageTitle: z.string(),
        description: z.string(),
      }),
      contact: z.strictObject({
        phone: z.string(),
        email: z.string(),
        office: z.string(),
        profileUrl: z.string(),
        profileName: z.string(),
      }),
      founder: z.strictObject({
        name: z.string(),
        role: z.string(),
        softwareYears: z.number(),
        aiYears: z.number(),
      }),
      hero: z.strictObject({
        headlineStart: z.string(),
        headlineHighlight: z.string(),
        intro: z.string(),
      }),
      valueItems: z.tuple([
        siteContentSectionOutput,
        siteContentSectionOutput,
        siteContentSectionOutput,
      ]),
      services: z.tuple([
        z.strictObject({
          title: z.string(),
          description: z.string(),
          features: z.tuple([z.string(), z.string(), z.string(), z.string()]),
        }),
        z.strictObject({
          title: z.string(),
          description: z.string(),
          features: z.tuple([z.string(), z.string(), z.string(), z.string()]),
        }),
        z.strictObject({
          title: z.string(),
          description: z.string(),
          features: z.tuple([z.string(), z.string(), z.string(), z.string()]),
        }),
      ]),
      cta: z.strictObject({ title: z.string(), text: z.string(), button: z.string() }),
      about: z.strictObject({ title: z.string(), text: z.string() }),
      video: z.union([
        z.strictObject({
          source: z.enum(['none', 'demo']),
          embedUrl: z.string(),
          title: z.string(),
          description: z.string(),
        }),
        z.strictObject({
          source: z.literal('embed'),
          embedUrl: z.string(),
          title: z.string(),
          description: z.string(),
        }),
      ]),
      footerServices: z.array(z.string()),
      legal: z.strictObject({
        privacy: z.string(),
        terms: z.string(),
        cookies: z.string(),
        responsibleAi: z.string(),
      }),
      headings: z.strictObject({
        heroBadge: z.string(),
        heroServicesButton: z.string(),
        valueTitle: z.string(),
        servicesTitle: z.string(),
        servicesIntro: z.string(),
        factsEyebrow: z.string(),
        factsTitle: z.string(),
        newsletterText: z.string(),
      }),
      acknowledgement: z.strictObject({
        enabled: z.boolean(),
        subject: z.string(),
        body: z.string(),
      }),
      media: z.optional(siteMediaOutput),
    }),
    version: z.number(),
    updatedAt: z.nullable(z.string()),
    updatedBy: z.nullable(z.string()),
  }),
  save: z.strictObject({ version: z.number() }),
  restoreDefaults: z.strictObject({ version: z.number() }),
  versions: z.strictObject({
    versions: z.array(contentVersionOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  restore: z.strictObject({ version: z.number() }),
};
