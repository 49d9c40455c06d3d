import { Hono } from 'hono';
import { messageFilterInput } from '../../shared/lead-schemas';
import type { Message } from '../../shared/types';
import { csvFilename, csvResponse, csvStream, type CsvColumn } from '../platform/csv';
import type { AppEnv } from '../http/hono-env';
import { messagesNewestFirst } from './message-query';
import type { AppDeps } from '../http/trpc';
import { withBody } from '../http/rest-body';
import { adminDownload } from '../http/download';
import { runProcedure } from '../http/rest';

/** The export's columns: the Message shape of DESIGN.md section 4, in its order. */
const messageColumns: CsvColumn<Message>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'name', value: (m) => m.name },
  { header: 'email', value: (m) => m.email },
  { header: 'company', value: (m) => m.company },
  { header: 'subject', value: (m) => m.subject },
  { header: 'message', value: (m) => m.message },
  { header: 'createdAt', value: (m) => m.createdAt },
  { header: 'readAt', value: (m) => m.readAt },
];

/** The admin's /api/messages paths (DESIGN.md section 4). */
export function messagesRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/messages', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          caller.messages.list({
            page: c.req.query('page'),
            q: c.req.query('q'),
            subject: c.req.query('subject') as Message['subject'] | undefined,
          }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .get('/messages.csv', (c) =>
      adminDownload(
        c,
        deps,
        messageFilterInput,
        { q: c.req.query('q'), subject: c.req.query('subject') },
        async (ctx, filter) =>
          csvResponse(
            await csvStream(messagesNewestFirst(ctx.db, filter), messageColumns),
            csvFilename('messages', ctx.clock.now()),
          ),
      ),
    )
    .patch('/messages/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), read: readOf(body) }),
            (input) => caller.messages.setRead(input as { id: string; read: boolean }),
          ),
        (message) => ({ success: true, message }),
      ),
    )
    .delete('/messages/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.messages.remove({ id: c.req.param('id') }),
        () => ({ success: true }),
      ),
    );
}

function readOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'read' in body ? body.read : undefined;
}
