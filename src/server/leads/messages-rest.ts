import { Hono } from 'hono';
import { messageFilterInput } from '../../shared/leads';
import type { AppEnv } from '../http/hono-env';
import { adminDownload, runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';
import { messagesCsv } from './exports';
import type { Message } from './message-query';

/** The admin's /api/messages paths (docs/api.md). */
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
        'messages.csv',
        messageFilterInput,
        { q: c.req.query('q'), subject: c.req.query('subject') },
        (ctx, filter) => messagesCsv(ctx.db, filter, ctx.clock.now()),
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
