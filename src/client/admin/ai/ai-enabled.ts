import { trpc } from '#client/lib/trpc';

/**
 * Whether the site has a model to ask (docs/ai.md): GET /api/ai/usage says so. Without
 * `AI_PROVIDER`, and until the answer is in, no AI control shows, so a screen looks exactly as
 * it did before AI existed. The answer is kept for the session (the query client's
 * `staleTime: Infinity`): the provider only changes with a restart of the server.
 */
export function useAiEnabled(): boolean {
  const usage = trpc.ai.usage.useQuery(undefined, { select: (answer) => answer.enabled });
  return usage.data === true;
}
