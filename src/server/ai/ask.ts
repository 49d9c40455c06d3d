import { TRPCError } from '@trpc/server';
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { ThrottledError, UnavailableError } from '#server/platform/errors';
import { loggableError, type Logger } from '#server/platform/logger';
import { siteSettings } from '#server/site/site-settings';
import { inSpan, startSpan, type SpanAttributes } from '#server/platform/spans';
import { modelFromConfig, modelName, type AiModel } from './model';
import { monthOf, secondsToNextMonth } from './month';
import { hasRoom, reserveTokens, settleTokens } from './usage';

export const AI_NOT_SET_UP = 'AI is not set up.';
export const AI_LIMIT_REACHED = 'The AI limit for this month is reached.';
export const AI_FAILED = 'The AI provider did not answer. Please try again later.';

/** What a feature needs to ask the model: AppDeps' part of it. */
export interface AskDeps {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Tests' mock model (`ai/test`); absent, the one AI_PROVIDER names. */
  aiModel?: AiModel;
}

export interface Question {
  /** The feature, as the usage records name it (`triage`). */
  feature: string;
  /** The site's own instructions: never anything a visitor wrote (docs/ai.md). */
  instructions: string;
  /** What the instructions are about, visitors' words included: sent as JSON in the user message. */
  data: unknown;
  maxOutputTokens: number;
}

/** A provider that has not answered by now is given up on; less than the stale reservation. */
const CALL_TIMEOUT_MS = 60_000;
/** Characters per token, counted low so the estimate errs on the side of the cap. */
const CHARACTERS_PER_TOKEN = 3;

const configured = new WeakMap<Config, Promise<AiModel>>();

/** The model AI_PROVIDER names, or the test's; 409 without AI_PROVIDER. */
export async function aiModelOf(deps: Pick<AskDeps, 'config' | 'aiModel'>): Promise<AiModel> {
  const ai = deps.config.ai;
  if (!ai) throw new TRPCError({ code: 'CONFLICT', message: AI_NOT_SET_UP });
  if (deps.aiModel) return deps.aiModel;
  let model = configured.get(deps.config);
  if (!model) configured.set(deps.config, (model = modelFromConfig(ai)));
  return model;
}

/** The AI SDK itself, loaded at the first question like the provider (modelFromConfig). */
const aiSdk = () => import('ai');

/** The tokens held for a question before it is sent: its text by a low count, and the most output. */
export function estimateTokens(question: Question): number {
  const characters = question.instructions.length + JSON.stringify(question.data).length;
  return Math.ceil(characters / CHARACTERS_PER_TOKEN) + question.maxOutputTokens;
}

/**
 * The 409 and 429 `askModel` would answer, before a feature hands the call to the background
 * (POST /api/leads/:id/triage answers 202): a read, so a burst may still meet the cap there.
 */
export async function assertCanAsk(deps: AskDeps, question: Question): Promise<void> {
  await aiModelOf(deps);
  const budget = await budgetFor(deps, question);
  if (!(await hasRoom(deps.db, budget))) throw limitReached(budget);
}

/** The month a question counts in, now, and what it may cost: what the cap is checked with. */
async function budgetFor(deps: AskDeps, question: Question) {
  const now = deps.clock.now();
  const { timeZone } = await siteSettings(deps);
  return {
    now,
    timeZone,
    month: monthOf(now, timeZone),
    estimate: estimateTokens(question),
    limit: deps.config.aiMonthlyTokens,
  };
}

const limitReached = (budget: { now: Date; timeZone: string }) =>
  new ThrottledError(AI_LIMIT_REACHED, secondsToNextMonth(budget.now, budget.timeZone));

/** A call's tokens held in the month, and the one way to settle them (once, whatever happens). */
interface Reserved {
  model: AiModel;
  name: string;
  settle: (used: { inputTokens: number; outputTokens: number }) => Promise<void>;
}

/**
 * What every call does before anything is sent (docs/ai.md, "Limits"): 409 without
 * AI_PROVIDER; the month's tokens reserved (429 past the cap, nothing sent). `settle` puts
 * the real usage in place of the reservation; a second call does nothing.
 */
async function reserveCall(deps: AskDeps, question: Question): Promise<Reserved> {
  const model = await aiModelOf(deps);
  const name = modelName(model);
  const budget = await budgetFor(deps, question);
  const reservation = await reserveTokens(deps.db, {
    ...budget,
    feature: question.feature,
    model: name,
  });
  if (reservation === null) throw limitReached(budget);
  let settled = false;
  return {
    model,
    name,
    settle: async (used) => {
      if (settled) return;
      settled = true;
      await settleTokens(deps.db, reservation, used);
    },
  };
}

/** The request every call sends: the site's instructions, the visitor's words only as JSON data. */
function requestOf(question: Question) {
  return {
    instructions: question.instructions,
    messages: [{ role: 'user' as const, content: JSON.stringify(question.data) }],
    maxOutputTokens: question.maxOutputTokens,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  };
}

const usedOf = (usage: { inputTokens?: number; outputTokens?: number }) => ({
  inputTokens: usage.inputTokens ?? 0,
  outputTokens: usage.outputTokens ?? 0,
});

/** A stream's error part, which `streamModel` reads from the stream itself. */
const ignoreHere = () => undefined;

function failed(deps: AskDeps, question: Question, name: string, error: unknown): UnavailableError {
  deps.logger.error('ai.failed', {
    feature: question.feature,
    model: name,
    error: loggableError(error),
  });
  return new UnavailableError(AI_FAILED, 30, error);
}

/** A model call's span (docs/operations.md, "Traces"): the feature and the model, no text. */
const spanOf = (question: Question, model: string): SpanAttributes => ({
  'ai.feature': question.feature,
  'gen_ai.request.model': model,
});

const tokenAttributes = (used: { inputTokens: number; outputTokens: number }) => ({
  'gen_ai.usage.input_tokens': used.inputTokens,
  'gen_ai.usage.output_tokens': used.outputTokens,
});

/**
 * The one way a feature asks the model (docs/ai.md): 409 without AI_PROVIDER; the month's
 * tokens reserved before anything is sent (429 past the cap, nothing sent); the visitor's
 * words only as quoted data (JSON in the user message), never in the instructions; no tools;
 * the real usage recorded after, 0 when the call failed.
 */
export async function askModel(
  deps: AskDeps,
  question: Question,
): Promise<{ text: string; model: string }> {
  const { model, name, settle } = await reserveCall(deps, question);
  let used = { inputTokens: 0, outputTokens: 0 };
  try {
    // The span names the model and counts the tokens; the prompt and the answer stay out.
    const { generateText } = await aiSdk();
    const result = await inSpan('ai.generate', spanOf(question, name), async (span) => {
      const answer = await generateText({ model, ...requestOf(question) });
      span.set(tokenAttributes(usedOf(answer.usage)));
      return answer;
    });
    used = usedOf(result.usage);
    deps.logger.info('ai.call', { feature: question.feature, model: name, ...used });
    return { text: result.text, model: name };
  } catch (error) {
    throw failed(deps, question, name, error);
  } finally {
    await settle(used);
  }
}

/**
 * `askModel`'s streaming sibling, under the same rules (the reservation is taken before this
 * returns, so its 409 and 429 come before any answer starts). The text comes piece by piece;
 * the tokens are settled when the stream ends (its usage), fails (0, as `askModel`) or its
 * reader stops early (the estimate). A provider's
 * failure is thrown from the stream as the 503 `askModel` throws.
 */
export async function streamModel(
  deps: AskDeps,
  question: Question,
): Promise<{ textStream: AsyncGenerator<string, void>; model: string }> {
  const { model, name, settle } = await reserveCall(deps, question);
  async function* textStream(): AsyncGenerator<string, void> {
    // A reader that stops early (a visitor who left) ends the request, but the provider may
    // have charged for it already: its estimate counts, which errs on the cap's side.
    let used = { inputTokens: estimateTokens(question), outputTokens: 0 };
    const span = startSpan('ai.stream', spanOf(question, name));
    try {
      const { streamText } = await aiSdk();
      // The SDK prints a stream's error to the console by default, the provider's text whole
      // (which may echo the key); it is thrown from the loop below instead and logged once by
      // `failed`, through the logger that removes every configured secret (platform/secrets.ts).
      const result = streamText({ model, ...requestOf(question), onError: ignoreHere });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield part.text;
        else if (part.type === 'error') throw part.error;
        else if (part.type === 'finish') used = usedOf(part.totalUsage);
      }
      deps.logger.info('ai.call', { feature: question.feature, model: name, ...used });
    } catch (error) {
      used = { inputTokens: 0, outputTokens: 0 };
      span.fail(error);
      throw failed(deps, question, name, error);
    } finally {
      span.set(tokenAttributes(used));
      span.end();
      await settle(used);
    }
  }
  return { textStream: textStream(), model: name };
}
