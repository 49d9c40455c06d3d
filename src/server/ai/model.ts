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
 * The provider's package is loaded here, at the first question: a site without AI never
 * loads the SDK (about 40 MB and 0.3 s of the start; docs/performance.md, "Production start").
 */
export async function modelFromConfig(ai: AiConfig): Promise<AiModel> {
  const apiKey = ai.apiKey ?? undefined;
  const baseURL = ai.baseUrl ?? undefined;
  switch (ai.provider) {
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      // config.ts guarantees both for this provider.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: ai.baseUrl ?? '',
        apiKey,
        // A streamed answer carries the tokens used only when asked (`stream_options`, as
        // OpenAI does); without them it would count as 0 against AI_MONTHLY_TOKENS.
        includeUsage: true,
      })(ai.model ?? '');
    }
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey, baseURL })(ai.model ?? DEFAULT_MODELS.openai);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL })(ai.model ?? DEFAULT_MODELS.anthropic);
    }
  }
}

/** The model's name as the usage records and GET /api/ai/usage show it. */
export function modelName(model: AiModel): string {
  return model.modelId;
}
