/**
 * `content.*`: the site's words, edited on the admin's Content screen (docs/content.md).
 * Every save is a new version; a save based on an older version than the newest is refused
 * (409), so two administrators never overwrite each other without knowing.
 */
import { TRPCError } from '@trpc/server';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction, type Db } from '#db';
import { siteContentVersions } from '#db/schema';
import {
  CONTENT_MESSAGES,
  contentDefaultsInput,
  contentRestoreInput,
  contentSaveInput,
  type SiteContent,
} from '#shared/site-content';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { pageField } from '#shared/validation';
import { auditAdminChange } from '#server/audit/admin-change';
import { router, type Context } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { type SessionUser } from '#server/identity/sessions/session';
import { contentSaved, latestContent } from '#server/site/site-content';
import { outputs, type ContentVersion } from '#shared/shapes/content';

export const CONTENT_VERSIONS_PAGE_SIZE = 50;

/** Inside the write: stores `content` as the version after `base`, with its audit entry. */
async function storeVersion(
  tx: Db,
  ctx: Pick<Context, 'clock' | 'req'> & { user: SessionUser },
  content: SiteContent,
  base: number,
  target: string,
): Promise<number> {
  const latest = await tx
    .select({ version: siteContentVersions.version })
    .from(siteContentVersions)
    .orderBy(desc(siteContentVersions.version))
    .limit(1)
    .get();
  if ((latest?.version ?? 0) !== base) {
    throw new TRPCError({ code: 'CONFLICT', message: CONTENT_MESSAGES.stale });
  }
  const version = base + 1;
  await tx.insert(siteContentVersions).values({
    version,
    content: JSON.stringify(content),
    updatedAt: ctx.clock.now(),
    updatedById: ctx.user.id,
    updatedBy: ctx.user.username,
  });
  await auditAdminChange(tx, ctx, 'content_updated', `${target} ${version}`);
  return version;
}

/** Stores a version; this instance's public pages show it from the next request on. */
async function storeAndPublish(ctx: Context, store: (tx: Db) => Promise<number>) {
  const version = await writeTransaction(ctx.db, store);
  contentSaved(ctx.db);
  return version;
}

export const contentRouter = router({
  /** The newest version (version 0 and no author: the defaults, nothing saved yet). */
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/content', answer: 'spread' } })
    .output(outputs.get)
    .query(async ({ ctx }) => {
      const current = await latestContent(ctx.db);
      return {
        content: current.content,
        version: current.version,
        updatedAt: current.updatedAt?.toISOString() ?? null,
        updatedBy: current.updatedBy,
      };
    }),

  save: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/content', body: 'json', answer: 'spread' } })
    .input(contentSaveInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      const version = await storeAndPublish(ctx, (tx) =>
        storeVersion(tx, ctx, input.content, input.baseVersion, 'content version'),
      );
      return { version };
    }),

  /**
   * Starting over: a new version equal to the defaults in the code (the history keeps what was
   * there). Refused like a save when another administrator saved after `baseVersion`.
   */
  restoreDefaults: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/content/defaults', body: 'json', answer: 'spread' },
    })
    .input(contentDefaultsInput)
    .output(outputs.restoreDefaults)
    .mutation(async ({ ctx, input }) => {
      const version = await storeAndPublish(ctx, (tx) =>
        storeVersion(
          tx,
          ctx,
          defaultSiteContent,
          input.baseVersion,
          'content defaults restored as',
        ),
      );
      return { version };
    }),

  /** 50 a page, newest first. */
  versions: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/content/versions', query: ['page'], answer: 'spread' },
    })
    .input(z.object({ page: pageField }))
    .output(outputs.versions)
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select({
          version: siteContentVersions.version,
          updatedAt: siteContentVersions.updatedAt,
          updatedBy: siteContentVersions.updatedBy,
        })
        .from(siteContentVersions)
        .orderBy(desc(siteContentVersions.version))
        .limit(CONTENT_VERSIONS_PAGE_SIZE)
        .offset((input.page - 1) * CONTENT_VERSIONS_PAGE_SIZE)
        .all();
      const total = await ctx.db.select({ n: count() }).from(siteContentVersions).get();
      return {
        versions: rows.map((row): ContentVersion => ({
          ...row,
          updatedAt: row.updatedAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page: input.page,
        pageSize: CONTENT_VERSIONS_PAGE_SIZE,
      };
    }),

  /**
   * A new version equal to an older one; the history keeps every step. Given `baseVersion`,
   * refused like a save when another administrator saved after it; without it, over the newest.
   */
  restore: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/content/versions/:version/restore',
        body: 'json',
        answer: 'spread',
      },
    })
    .input(contentRestoreInput)
    .output(outputs.restore)
    .mutation(async ({ ctx, input }) => {
      const version = await storeAndPublish(ctx, async (tx) => {
        const row = await tx
          .select({ content: siteContentVersions.content })
          .from(siteContentVersions)
          .where(eq(siteContentVersions.version, input.version))
          .get();
        if (!row) {
          throw new TRPCError({ code: 'NOT_FOUND', message: CONTENT_MESSAGES.versionNotFound });
        }
        const base = input.baseVersion ?? (await latestContent(tx)).version;
        return storeVersion(
          tx,
          ctx,
          JSON.parse(row.content) as SiteContent,
          base,
          `content version ${input.version} restored as`,
        );
      });
      return { version };
    }),
});
