/**
 * A plain form's post to a page of this site (the client's proposal page's answers): its
 * fields, or the status that refuses it before any procedure is called, with the words the page
 * says for it.
 */
import type { Context as HonoCtx } from 'hono';
import type { AppEnv } from './hono-env';
import { isCrossSite } from './cross-site';
import { bufferBody, MAX_BODY_BYTES } from './middleware';
import { FORM_MEDIA_TYPE } from './rest-meta';
import type { AppDeps } from './trpc';

export const FORM_REFUSALS = {
  403: 'This form can only be sent from its own page.',
  413: 'What was sent is too large.',
  415: 'This form could not be read.',
} as const;

/** The form's fields, or 403 (another site), 413 (too large) or 415 (not a form). */
export async function formOf(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
): Promise<URLSearchParams | 403 | 413 | 415> {
  // A form post from a page of this site, by the rule of /api (http/cross-site.ts). The page's
  // referrer policy is `same-origin` (not `no-referrer`) for this: under `no-referrer` a
  // browser's form post says `Origin: null`, which proves nothing.
  if (await isCrossSite(c, deps)) return 403;
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return 413;
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_MEDIA_TYPE) return 415;
  const body = await bufferBody(c, MAX_BODY_BYTES);
  if (body === null) return 413;
  return new URLSearchParams(new TextDecoder().decode(body));
}
