/**
 * The AI providers AI_PROVIDER may name (docs/ai.md): read by the server's config and named in
 * `ai.usage`'s answer shape (shapes/ai.ts).
 */
export const AI_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
