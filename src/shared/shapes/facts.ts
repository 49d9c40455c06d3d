/**
 * The answers of the `facts` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

/** What visitors see of a fact: no order, flags or dates. */
const publicFactOutput = z.strictObject({
  id: z.number(),
  factText: z.string(),
  source: z.string(),
});
export type PublicFact = z.infer<typeof publicFactOutput>;

const tagOutput = z.strictObject({ id: z.number(), name: z.string(), createdAt: z.string() });
export type Tag = z.infer<typeof tagOutput>;

/** A fact as the admin reads it (serialize.ts). */
const factOutput = z.strictObject({
  id: z.number(),
  factText: z.string(),
  source: z.string(),
  order: z.number(),
  active: z.boolean(),
  factDate: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Fact = z.infer<typeof factOutput>;

/** The public list: every active fact, in the owner's order (facts/public-cache.ts). */
const publicFactsOutput = z.strictObject({
  success: z.literal(true),
  facts: z.array(publicFactOutput),
});
export type PublicFactsResult = z.infer<typeof publicFactsOutput>;

export const outputs = {
  listPublic: publicFactsOutput,
  listAll: z.array(factOutput),
  byId: z.extend(factOutput, {
    tags: z.array(tagOutput),
  }),
  create: factOutput,
  update: factOutput,
  remove: z.strictObject({ success: z.literal(true) }),
  move: z.array(factOutput),
  reorder: z.array(factOutput),
  addTag: z.strictObject({ success: z.literal(true) }),
  removeTag: z.strictObject({ success: z.literal(true) }),
};
