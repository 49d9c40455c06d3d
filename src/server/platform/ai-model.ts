import type { LanguageModel } from 'ai';

/**
 * A language model object (never a bare id, which the AI SDK would send to its global
 * gateway): what AppDeps.aiModel holds and ai/model.ts builds from AI_PROVIDER (docs/ai.md).
 */
export type AiModel = Exclude<LanguageModel, string>;
