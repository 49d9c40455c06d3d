/**
 * POST /api/e/:token/messages `{ text }` (docs/api.md, "Engagements: the client's page"): the
 * client's message as a public procedure, through the client page's lookup of the link (404
 * for an unknown token, 410 for an ended link). 201 `{ success, message }`, the message as the
 * thread shows it.
 */
import { z } from 'zod/mini';
import { threadMessageOutput } from '#shared/shapes/engagements';
import { publicProcedure } from '#server/http/trpc';
import { engagementOfToken } from '../link';
import { postClientMessage } from './client-message';

/**
 * The link's token, as the path gives it (its form is the lookup's to judge: 404), and the
 * text, whose limits postClientMessage checks once the link was found: an unknown or ended
 * link answers 404 or 410 whatever the text says.
 */
export const clientMessageTokenInput = z.object({ token: z.string(), text: z.string() });

export const clientMessage = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/api/e/:token/messages',
      status: 201,
      body: { fields: ['text'] },
      answer: { key: 'message' },
    },
  })
  .input(clientMessageTokenInput)
  .output(threadMessageOutput)
  .mutation(async ({ ctx, input }) => {
    const engagement = await engagementOfToken(ctx, input.token);
    return postClientMessage(ctx, engagement, { text: input.text });
  });
