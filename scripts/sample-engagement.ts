/**
 * `npm run audit -- --engagement`: the sample invoice's lead (scripts/sample-invoice.ts) with
 * an engagement, a file shared and two messages of its thread, written straight into the
 * audited server's database with a link token chosen here (only its hash is stored, as the
 * site stores it), so the client's page `/e/<token>` can be audited like any visitor's page
 * (docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { withDatabase } from '../tests/e2e/support/database';
import { writeSampleInvoice } from './sample-invoice';

/** 43 characters of base64url, as newToken() makes them. */
export const SAMPLE_ENGAGEMENT_TOKEN = 'SampleEngagementTokenForTheAuditOnly0123456';

export function writeSampleEngagement(dbPath: string): string {
  writeSampleInvoice(dbPath);
  const now = Date.now();
  const brief = Buffer.from('What the support inbox must answer first, in order.\n');
  withDatabase(dbPath, (db) => {
    const { id: leadId } = db
      .prepare(`select id from leads where email = 'ada@client.example'`)
      .get() as { id: number };
    const { id } = db
      .prepare(
        `insert into engagements (lead_id, title, status, client_uploads, created_at)
         values (?, 'Support inbox pilot', 'active', 1, ?) returning id`,
      )
      .get(leadId, now) as { id: number };
    db.prepare(
      `insert into engagement_links (token_hash, engagement_id, created_at) values (?, ?, ?)`,
    ).run(createHash('sha256').update(SAMPLE_ENGAGEMENT_TOKEN).digest('base64url'), id, now);
    db.prepare(
      `insert into engagement_files (engagement_id, name, type, size, sha256, bytes, side, created_at)
       values (?, 'brief.txt', 'text/plain; charset=utf-8', ?, ?, ?, 'client', ?)`,
    ).run(id, brief.length, createHash('sha256').update(brief).digest('hex'), brief, now);
    const message = db.prepare(
      `insert into lead_events (lead_id, at, kind, actor, text, engagement_id) values (?, ?, ?, ?, ?, ?)`,
    );
    message.run(leadId, now, 'reply_received', 'ada@client.example', 'When do we start?', id);
    message.run(leadId, now + 1, 'reply_sent', 'owner', 'Monday at nine, on the call.', id);
  });
  return `/e/${SAMPLE_ENGAGEMENT_TOKEN}`;
}
