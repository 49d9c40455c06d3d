/**
 * Access tokens for the owner's MCP endpoint (docs/mcp.md): the scopes, the expiries, the
 * form's rules and messages, written once for the Account screen and the server.
 */
import { z } from 'zod/mini';
import { provenPasswordField } from './account';
import { idField, oneLine, storedText } from './validation';

/** What a token may do; each MCP tool names the one it needs. */
export const scopeValues = [
  'leads:read',
  'leads:write',
  'bookings:read',
  'analytics:read',
  'content:read',
  'content:write',
  'newsletter:write',
  'proposals:read',
  'proposals:write',
  'invoices:read',
  'invoices:write',
] as const;
export type Scope = (typeof scopeValues)[number];

/** Each scope in words, for the Account screen's checkboxes and the OAuth consent screen. */
export const SCOPE_LABELS: Record<Scope, string> = {
  'leads:read': 'Read leads and their timelines',
  'leads:write': 'Add notes, set statuses and keep reply drafts on leads',
  'bookings:read': 'Read booked calls',
  'analytics:read': 'Read the analytics summary',
  'content:read': 'Read case studies, insights and facts',
  'content:write': 'Save drafts of case studies and insights (never publish)',
  'newsletter:write': 'Save newsletter drafts (never send)',
  'proposals:read': 'Read proposals and their payments',
  'proposals:write': 'Save draft proposals on leads (never send)',
  'invoices:read': 'Read invoices, credit notes and their payments',
  'invoices:write': 'Save draft invoices on leads (never issue or send)',
};

/** The lifetimes a token may be given, in days. */
export const tokenDaysValues = [7, 30, 90] as const;
export type TokenDays = (typeof tokenDaysValues)[number];

export const ACCESS_TOKEN_NAME_MAX = 60;
/** Live (unexpired, unrevoked) tokens one administrator may hold at once. */
export const LIVE_TOKENS_MAX = 20;

export const ACCESS_TOKEN_MESSAGES = {
  name: `Name the token in 1 to ${ACCESS_TOKEN_NAME_MAX} characters`,
  nameOneLine: 'The token’s name must be on one line',
  scopes: 'Choose at least one scope',
  scope: 'Each scope must be one of the listed scopes',
  duplicateScope: 'Each scope may be chosen once',
  days: 'The token lasts 7, 30 or 90 days',
  unknown: 'No such token of yours: it may have been revoked already.',
  tooMany: `You have ${LIVE_TOKENS_MAX} live tokens already: revoke one first.`,
} as const;

export const scopeField = z.enum(scopeValues, ACCESS_TOKEN_MESSAGES.scope);

export const accessTokenNameField = storedText().check(
  z.trim(),
  z.minLength(1, ACCESS_TOKEN_MESSAGES.name),
  z.maxLength(ACCESS_TOKEN_NAME_MAX, ACCESS_TOKEN_MESSAGES.name),
  oneLine(ACCESS_TOKEN_MESSAGES.nameOneLine),
);

export const scopesField = z.array(scopeField).check(
  z.minLength(1, ACCESS_TOKEN_MESSAGES.scopes),
  z.refine(
    (scopes) => new Set(scopes).size === scopes.length,
    ACCESS_TOKEN_MESSAGES.duplicateScope,
  ),
);

/**
 * A new token: its name, scopes and lifetime; the password only when the session has no
 * recent proof (docs/accounts.md, "Recent proof").
 */
export const createAccessTokenInput = z.object({
  name: accessTokenNameField,
  scopes: scopesField,
  days: z.union(
    tokenDaysValues.map((days) => z.literal(days)),
    ACCESS_TOKEN_MESSAGES.days,
  ),
  password: z.optional(provenPasswordField),
});
export type CreateAccessTokenInput = z.input<typeof createAccessTokenInput>;

export const revokeAccessTokenInput = z.object({ id: idField });
