/**
 * zxcvbn's judgement of a new password (docs/accounts.md, "Changing your password"): its score
 * (0 to 4) and its own advice, with its English and common dictionaries and keyboard layouts.
 *
 * Loaded the first time a password is chosen, not at the server's start (docs/operations.md,
 * "Start-up time"): importing it and building its ranked dictionaries costs about half a
 * second. Its matching runs on the event loop and grows steeply with the length looked at, so
 * only the first `LOOKED_AT` characters are judged and l33t substitutions are capped:
 * measured on a busy 2-core machine, at most about 150 ms for the worst 64 characters
 * (the library's defaults, 256 characters and 100 substitutions, took up to 7 s).
 */
import type { FeedbackType, ZxcvbnFactory } from '@zxcvbn-ts/core';

/** Characters of a password zxcvbn looks at; the rest cannot make a weak start strong. */
export const LOOKED_AT = 64;
const L33T_MAX_SUBSTITUTIONS = 8;

let factory: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: LOOKED_AT,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  // A failed load is tried again by the next password, not remembered.
  factory.catch(() => (factory = undefined));
  return factory;
}

export interface PasswordJudgement {
  score: 0 | 1 | 2 | 3 | 4;
  feedback: FeedbackType;
}

/** zxcvbn's score and advice; `related` are words it should treat as guessable (the names). */
export async function judgePassword(
  password: string,
  related: readonly string[],
): Promise<PasswordJudgement> {
  const { score, feedback } = (await load()).check(password, [...related]);
  return { score, feedback };
}
