/**
 * The answers of the `account` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { passkeySummaryOutput } from './passkeys';

/** One of the user's live sessions, as the account page lists them. */
const sessionSummaryOutput = z.strictObject({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** Browser and OS family ("Firefox on Windows"). */
  device: z.string(),
  /** Masked (`203.0.113.x`, an IPv6 /64). */
  address: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummaryOutput>;

export const outputs = {
  get: z.strictObject({
    success: z.literal(true),
    user: z.strictObject({ id: z.number(), username: z.string(), email: z.nullable(z.string()) }),
    secondFactor: z.enum(['none', 'email', 'totp']),
    passkeys: z.array(passkeySummaryOutput),
    recoveryCodesLeft: z.number(),
  }),
  changePassword: z.strictObject({ success: z.literal(true), endedSessions: z.number() }),
  changeEmail: z.strictObject({ success: z.literal(true), requiresCode: z.boolean() }),
  verifyEmail: z.strictObject({ success: z.literal(true), email: z.string() }),
  sessions: z.strictObject({ success: z.literal(true), sessions: z.array(sessionSummaryOutput) }),
  endSession: z.strictObject({ success: z.literal(true) }),
  endOtherSessions: z.strictObject({ success: z.literal(true), ended: z.number() }),
};
