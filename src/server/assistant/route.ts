/**
 * POST /api/assistant (docs/assistant.md, docs/api.md): a visitor's question answered from
 * the site's published words, streamed as server-sent events: `text` events (each a JSON
 * string, a piece of the answer), then one `end` event `{ sources, offer }`, or `error`
 * `{ message }` when the provider fails midway. Outside tRPC because it streams; the API's
 * guards (cross-site 403, 415, 413) run before it as for every POST under /api.
 */
import { TRPCError } from '@trpc/server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_OFFER,
  assistantInput,
  type AssistantEnd,
} from '#shared/assistant';
import { assertCanAsk, streamModel } from '#server/ai/ask';
import { errorBody, RestError } from '#server/http/errors';
import type { AppEnv } from '#server/http/hono-env';
import { requestContext } from '#server/http/rest';
import type { AppDeps } from '#server/http/trpc';
import { loggableError } from '#server/platform/logger';
import { countQuestion, giveBack, takePlaces } from './caps';
import { countDay } from './counts';
import { assistantQuestion, endOf } from './prompt';
import { passagesFor } from './retrieval';
import { assistantOn } from './settings';

async function readInput(req: Request) {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new RestError(400, 'Request body must be valid JSON');
  }
  const parsed = assistantInput.safeParse(body);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
  return parsed.data;
}

export function assistantRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/api/assistant', async (c) => {
    if (!(await assistantOn(deps))) return c.json(errorBody(ASSISTANT_MESSAGES.notAvailable), 404);
    const { messages } = await readInput(c.req.raw);
    const ctx = requestContext(c, deps);
    await countQuestion(ctx);
    const asked = messages.at(-1)?.content ?? '';
    const passages = await passagesFor(deps.db, asked);
    if (passages.length === 0) {
      // Nothing on the site says: the fixed offer, the model not asked, none of its caps taken.
      const end: AssistantEnd = { sources: [], offer: 'contact' };
      return streamSSE(c, async (sse) => {
        await sse.writeSSE({ event: 'text', data: JSON.stringify(ASSISTANT_OFFER) });
        await sse.writeSSE({ event: 'end', data: JSON.stringify(end) });
      });
    }
    const question = assistantQuestion(passages, messages);
    // The month's cap read first, so a full month takes no visitor's or day's place.
    await assertCanAsk(ctx, question);
    const places = await takePlaces(ctx);
    let answer;
    try {
      answer = await streamModel(ctx, question);
    } catch (error) {
      // The month filled in between: the model never saw it.
      await giveBack(ctx, places);
      throw error;
    }
    const { textStream } = answer;
    return streamSSE(c, async (sse) => {
      let text = '';
      try {
        for await (const piece of textStream) {
          // The visitor left: stop asking the provider (the tokens are settled all the same).
          if (sse.aborted) return;
          text += piece;
          await sse.writeSSE({ event: 'text', data: JSON.stringify(piece) });
        }
        await countDay(ctx, 'answered');
        await sse.writeSSE({ event: 'end', data: JSON.stringify(endOf(text, passages, messages)) });
      } catch (error) {
        deps.logger.error('assistant.failed', { error: loggableError(error) });
        const message = error instanceof TRPCError ? error.message : 'Something went wrong.';
        await sse.writeSSE({ event: 'error', data: JSON.stringify({ message }) });
      }
    });
  });
  return app;
}
