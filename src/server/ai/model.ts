import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiModel } from '#server/platform/ai-model';
import type { AiConfig } from '#server/platform/config';

export type { AiModel };

/**
 * The model asked when AI_MODEL is unset (docs/ai.md): a small, cheap one of each hosted
 * provider. `openai-compatible` has none: config.ts requires AI_MODEL with it.
 */
export const DEFAULT_MODELS = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-haiku-4-5',
} as const;

/**
 * The one place the configuration becomes a model, through the AI SDK's providers. The key
 * goes to the provider's client only; a null key sends none (a local Ollama wants none).
 */
export function modelFromConfig(ai: AiConfig): AiModel {
  const apiKey = ai.apiKey ?? undefined;
  const baseURL = ai.baseUrl ?? undefined;
  switch (ai.provider) {
    case 'openai-compatible':
      // config.ts guarantees both for this provider.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: ai.baseUrl ?? '',
        apiKey,
        // A streamed answer carries the tokens used only when asked (`stream_options`, as
        // OpenAI does); without them it would count as 0 against AI_MONTHLY_TOKENS.
        includeUsage: true,
      })(ai.model ?? '');
    case 'openai':
      return createOpenAI({ apiKey, baseURL })(ai.model ?? DEFAULT_MODELS.openai);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL })(ai.model ?? DEFAULT_MODELS.anthropic);
  }
}

/** The model's name as the usage records and GET /api/ai/usage show it. */
export function modelName(model: AiModel): string {
  return model.modelId;
}
