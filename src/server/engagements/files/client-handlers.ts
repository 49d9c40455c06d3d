/**
 * The client's side of an engagement's files (docs/engagements.md, "Files"), as handlers of an
 * engagement its link already resolved (the page's token lookup, engagement-ref.ts):
 * engagement-page/file-routes.ts mounts them behind that lookup.
 * - POST /api/e/:token/files → `clientFileUpload`: 201 `{ success, file }` (JSON).
 * - POST /e/:token/files → `clientFileUploadForm`: the page's plain form (JavaScript off),
 *   303 back to `/e/<token>#files`.
 * - GET /e/:token/files/:id → `engagementFileDownload`: the file, by (engagement, id) only.
 * The client uploads only while the owner allows it (403) and the engagement is active (409).
 */
import type { Context as HonoCtx } from 'hono';
import { TRPCError } from '@trpc/server';
import { attachmentDisposition } from '#server/http/content-disposition';
import { FORM_REFUSALS } from '#server/http/form-post';
import { isCrossSite } from '#server/http/cross-site';
import type { AppEnv } from '#server/http/hono-env';
import { pageRefusal } from '#server/http/page-refusal';
import { errorResponse } from '#server/http/rest';
import type { AppDeps } from '#server/http/trpc';
import { ENGAGEMENT_FILE_MESSAGES } from '#shared/engagements/file-rules';
import { idField } from '#shared/validation';
import type { EngagementRef } from '../engagement-ref';
import { readFile } from './file-store';
import { assertOpenFor, receivedFile, storeFile } from './file-upload';

type HonoContext = HonoCtx<AppEnv>;

async function storeClientFile(c: HonoContext, deps: AppDeps, engagement: EngagementRef) {
  assertOpenFor(engagement, 'client');
  const file = await receivedFile(c);
  return storeFile(
    deps.db,
    engagement,
    { ...file, side: 'client', uploadedBy: null },
    deps.clock.now(),
  );
}

/** POST /api/e/:token/files, behind the API's guards (cross-site, the body's type and size). */
export async function clientFileUpload(
  c: HonoContext,
  deps: AppDeps,
  engagement: EngagementRef,
): Promise<Response> {
  try {
    return c.json({ success: true, file: await storeClientFile(c, deps, engagement) }, 201);
  } catch (error) {
    return errorResponse(c, deps, error);
  }
}

/** The statuses the page shows for a refused form upload. */
export const FORM_UPLOAD_STATUSES = [400, 403, 409, 413, 415, 429, 503] as const;
export type FormUploadStatus = (typeof FORM_UPLOAD_STATUSES)[number];

/**
 * POST /e/:token/files, the page's form. `showProblem` is the page's own answer (the page again
 * with the words, in its status): a refusal stays a page, never the API's JSON.
 */
export async function clientFileUploadForm(
  c: HonoContext,
  deps: AppDeps,
  engagement: EngagementRef,
  token: string,
  showProblem: (status: FormUploadStatus | 500, message: string) => Response | Promise<Response>,
): Promise<Response> {
  // Outside /api the guards do not run: the one cross-site rule is asked here (form-post.ts).
  if (await isCrossSite(c, deps)) return showProblem(403, FORM_REFUSALS[403]);
  try {
    await storeClientFile(c, deps, engagement);
  } catch (error) {
    const refusal = pageRefusal(c, deps.logger, error, FORM_UPLOAD_STATUSES);
    return showProblem(refusal.status, refusal.message);
  }
  return c.redirect(`/e/${encodeURIComponent(token)}#files`, 303);
}

/**
 * GET /e/:token/files/:id: the bytes as an attachment of the type they showed, which no
 * browser sniffs, renders inline or runs scripts of (`sandbox`), and no cache keeps. Another
 * engagement's file, or none: 404 with nothing of it.
 */
export async function engagementFileDownload(
  c: HonoContext,
  deps: AppDeps,
  engagement: EngagementRef,
  fileId: string,
): Promise<Response> {
  const id = idField.safeParse(fileId);
  const file = id.success ? await readFile(deps.db, engagement.id, id.data) : null;
  if (!file) {
    return errorResponse(
      c,
      deps,
      new TRPCError({ code: 'NOT_FOUND', message: ENGAGEMENT_FILE_MESSAGES.notFound }),
    );
  }
  return c.body(file.stream, 200, {
    'Content-Type': file.type,
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}
