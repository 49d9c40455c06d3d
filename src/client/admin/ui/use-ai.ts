import { trpc } from '#client/lib/trpc';

/**
 * Whether the site has a model (`enabled` of GET /api/ai/usage, docs/ai.md). Without one no AI
 * control shows, and while the answer is unknown (loading, or a failed read) none shows either:
 * the screens then look exactly as they did before AI existed. The routes' loaders read it
 * with the screen's own data, so the first paint already has it.
 */
export function useAiEnabled(): boolean {
  const usage = trpc.ai.usage.useQuery(undefined, { select: (answer) => answer.enabled });
  return usage.data === true;
}

/**
 * Whether the site is known to have no model: where an AI control would be, the note saying
 * how to turn AI on shows instead (`AiOffCard`). Unknown (loading, a failed read): false.
 */
export function useAiOff(): boolean {
  const usage = trpc.ai.usage.useQuery(undefined, { select: (answer) => answer.enabled });
  return usage.data === false;
}
