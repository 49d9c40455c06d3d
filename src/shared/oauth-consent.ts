import { z } from 'zod/mini';
import { provenPasswordField } from './account';
import { LINK_TOKEN_PATTERN } from './link-token';

/**
 * The OAuth consent screen's inputs and words (docs/mcp.md, "OAuth"), for its procedures
 * (server/mcp/oauth/consent-router.ts) and the screen (client/admin/connect/).
 */
export const OAUTH_MESSAGES = {
  request: 'This connection request is invalid or has expired. Start again from your MCP client.',
  scopes: 'Choose at least one permission, among those asked for.',
  /** Every client registers itself (RFC 7591): its name is its own word, not the site's. */
  selfRegistered:
    'This client registered itself: the name is the one it gives, not checked by this site. Allow it only if you started this connection and expect it to return to the host below.',
} as const;

/** The pending request's id, as /oauth/authorize put it in the screen's address. */
const requestIdField = z
  .string(OAUTH_MESSAGES.request)
  .check(z.regex(LINK_TOKEN_PATTERN, OAUTH_MESSAGES.request));

export const consentRequestInput = z.object({ id: requestIdField });

export const allowInput = z.object({
  id: requestIdField,
  scopes: z
    .array(z.string(OAUTH_MESSAGES.scopes), OAUTH_MESSAGES.scopes)
    .check(z.minLength(1, OAUTH_MESSAGES.scopes), z.maxLength(20, OAUTH_MESSAGES.scopes)),
  password: z.optional(provenPasswordField),
});
export type AllowInput = z.input<typeof allowInput>;
