/**
 * POST /api/engagements/:id/files (docs/api.md, "Engagements"): the owner's upload, a
 * multipart body whose `file` is read as it streams (file-upload.ts). A route of its own, not
 * a procedure's REST declaration: those read the whole body before the procedure runs. The
 * session is checked, then the engagement, before a byte of the body is read.
 */
import { Hono } from 'hono';
import { auditAdminChange } from '#server/audit/admin-change';
import type { AppEnv } from '#server/http/hono-env';
import { errorResponse, requestContext } from '#server/http/rest';
import type { AppDeps } from '#server/http/trpc';
import { requireAdmin } from '#server/identity/sessions/admin-session';
import { idField } from '#shared/validation';
import { engagementNotFound, engagementRefOfId } from '../engagement-store';
import { assertOpenFor, receivedFile, storeFile } from './file-upload';

export const ADMIN_UPLOAD_PATH = '/api/engagements/:id/files';

export function engagementFileAdminRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post(ADMIN_UPLOAD_PATH, async (c) => {
    try {
      const ctx = requestContext(c, deps);
      const user = await requireAdmin(ctx);
      const id = idField.safeParse(c.req.param('id'));
      if (!id.success) throw engagementNotFound();
      const engagement = await engagementRefOfId(deps.db, id.data);
      assertOpenFor(engagement, 'owner');
      const file = await receivedFile(c);
      const stored = await storeFile(
        deps.db,
        engagement,
        { ...file, side: 'owner', uploadedBy: user.username },
        ctx.clock.now(),
        (tx, row) =>
          auditAdminChange(
            tx,
            { ...ctx, user },
            'engagement_file_added',
            `engagement ${engagement.id}: ${row.name}`,
          ),
      );
      return c.json({ success: true, file: stored }, 201);
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });
  return app;
}
