/**
 * The files' paths under a client's link (docs/api.md, "Engagements: files"), each on the
 * page's lookup of the link (link.ts: 404 unknown, 410 ended) before the files' own handlers
 * (files/client-handlers.ts) read a byte of the body:
 * - POST /api/e/:token/files: the upload as JSON's answer;
 * - POST /e/:token/files: the page's plain form, 303 back to the files, or the refusal's page;
 * - GET /e/:token/files/:id: one file of that engagement, as an attachment.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import { errorResponse, requestContext } from '#server/http/rest';
import type { AppDeps } from '#server/http/trpc';
import {
  clientFileUpload,
  clientFileUploadForm,
  engagementFileDownload,
} from '../files/client-handlers';
import type { EngagementRef } from '../engagement-ref';
import { engagementOfToken } from '../link';
import { engagementPageAnswer, engagementPageRefusal } from './page';

/** The link's engagement, or the answer of its refusal. */
async function linked(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  then: (engagement: EngagementRef, token: string) => Promise<Response>,
  refused: (error: unknown) => Response | Promise<Response>,
): Promise<Response> {
  const token = c.req.param('token') ?? '';
  let engagement: EngagementRef;
  try {
    engagement = await engagementOfToken(requestContext(c, deps), token);
  } catch (error) {
    return refused(error);
  }
  return then(engagement, token);
}

export function engagementFileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/api/e/:token/files', (c) =>
      linked(
        c,
        deps,
        (engagement) => clientFileUpload(c, deps, engagement),
        (error) => errorResponse(c, deps, error),
      ),
    )
    .post('/e/:token/files', (c) =>
      linked(
        c,
        deps,
        (engagement, token) =>
          clientFileUploadForm(c, deps, engagement, token, (status, message) =>
            engagementPageAnswer(c, deps, { state: 'unavailable', message }, status),
          ),
        (error) => engagementPageRefusal(c, deps, error),
      ),
    )
    .get('/e/:token/files/:id', (c) =>
      linked(
        c,
        deps,
        (engagement) => engagementFileDownload(c, deps, engagement, c.req.param('id')),
        (error) => engagementPageRefusal(c, deps, error),
      ),
    );
}
