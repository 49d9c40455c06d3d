/**
 * What the two drafting features share (docs/ai.md, "Reply drafts", "Newsletter drafts"): the
 * administrator's throttle, and reading the model's answer. Both ask for one JSON object
 * `{ "subject", "text" }`; a model that writes a "Subject:" line and then the text instead is
 * read too. Anything else is a clear 503, never a crash and never half a draft.
 */
import { z } from 'zod/mini';
import { writeTransaction, type Db } from '#db';
import type { Clock } from '#server/platform/clock';
import { UnavailableError } from '#server/platform/errors';
import { take } from '#server/platform/throttle';
import { AI_DRAFTS } from './throttle-rules';

export const AI_UNREADABLE = 'The AI answer could not be read. Please try again.';

/** Counts one draft asked for by the administrator, or throws the 429 (its wait). */
export async function takeDraftPlace(
  deps: { db: Db; clock: Clock },
  userId: number,
): Promise<void> {
  await writeTransaction(deps.db, (tx) =>
    take(tx, { bucket: `${AI_DRAFTS.kind}:user:${userId}`, rule: AI_DRAFTS }, deps.clock.now()),
  );
}

export interface DraftAnswer {
  /** Null when the model gave none (the feature's default is used). */
  subject: string | null;
  text: string;
}

const jsonAnswer = z.object({ subject: z.optional(z.string()), text: z.string() });

/** A Markdown fence around the whole answer, which models often add, is taken off. */
export function unfenced(text: string): string {
  return text
    .trim()
    .replace(/^```[a-z]*\s*\n([\s\S]*)\n```$/u, '$1')
    .trim();
}

/** The model's draft, or null when its answer is neither shape (or has no text). */
export function parseDraftAnswer(raw: string): DraftAnswer | null {
  const bare = unfenced(raw);
  let answer: { subject?: string; text: string };
  if (bare.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(bare);
    } catch {
      return null;
    }
    const parsed = jsonAnswer.safeParse(json);
    if (!parsed.success) return null;
    answer = parsed.data;
  } else {
    const line = /^subject:[ \t]*(.*)(?:\r?\n|$)/iu.exec(bare);
    answer = line ? { subject: line[1], text: bare.slice(line[0].length) } : { text: bare };
  }
  const text = answer.text.trim();
  if (!text) return null;
  return { subject: answer.subject?.trim() || null, text };
}

/** The 503 of an answer that is no draft: the call was made and counted; asking again may do. */
export function unreadableAnswer(): UnavailableError {
  return new UnavailableError(AI_UNREADABLE, 5);
}
