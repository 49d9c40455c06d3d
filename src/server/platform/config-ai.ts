/** AI_PROVIDER and its companions (docs/ai.md). */
import { AI_PROVIDERS, type AiProvider } from '#shared/ai-providers';
import { ConfigError, type Env } from './config-values';

export { AI_PROVIDERS, type AiProvider };

function isAiProvider(name: string): name is AiProvider {
  return AI_PROVIDERS.some((provider) => provider === name);
}

export interface AiConfig {
  provider: AiProvider;
  /** AI_BASE_URL; null: the provider's own. */
  baseUrl: string | null;
  /** AI_API_KEY; null: none sent (a local model). Never logged or shown. */
  apiKey: string | null;
  /** AI_MODEL; null: the default named in ai/model.ts for the provider. */
  model: string | null;
}

/**
 * AI_PROVIDER and its companions. `openai-compatible` has no address of its own (Ollama, LM
 * Studio, vLLM…), so it needs AI_BASE_URL; the key is taken as given and never put in a message.
 */
export function parseAi(env: Env): AiConfig | null {
  const provider = env.AI_PROVIDER?.trim();
  if (!provider) return null;
  if (!isAiProvider(provider)) {
    throw new ConfigError(
      `AI_PROVIDER must be openai-compatible, openai or anthropic, got "${provider}"`,
    );
  }
  const baseUrl = env.AI_BASE_URL?.trim() || null;
  if (baseUrl !== null) {
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError('AI_BASE_URL must be an http:// or https:// address');
    }
  } else if (provider === 'openai-compatible') {
    throw new ConfigError(
      'AI_BASE_URL is required with AI_PROVIDER=openai-compatible (for Ollama: http://localhost:11434/v1)',
    );
  }
  const model = env.AI_MODEL?.trim() || null;
  if (model === null && provider === 'openai-compatible') {
    throw new ConfigError('AI_MODEL is required with AI_PROVIDER=openai-compatible');
  }
  return {
    provider,
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
  };
}

export function parseAiMonthlyTokens(raw: string | undefined): number {
  const value = raw?.trim().replace(/[_,]/g, '');
  if (!value) return 2_000_000;
  if (!/^\d{1,12}$/.test(value) || Number(value) < 1) {
    throw new ConfigError(
      `AI_MONTHLY_TOKENS must be a whole number of tokens, 1 or more, got "${raw?.trim()}"`,
    );
  }
  return Number(value);
}
