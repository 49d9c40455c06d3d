/**
 * The answers of the `accessTokens` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { scopeValues } from '../access-tokens';

/** A token as the API lists it (never its secret). */
export const accessTokenOutput = z.strictObject({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(scopeValues)),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type AccessTokenSummary = z.infer<typeof accessTokenOutput>;

export const outputs = {
  list: z.strictObject({ success: z.literal(true), tokens: z.array(accessTokenOutput) }),
  create: z.strictObject({
    success: z.literal(true),
    token: accessTokenOutput,
    secret: z.string(),
  }),
  revoke: z.strictObject({ success: z.literal(true) }),
};
