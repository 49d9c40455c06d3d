/**
 * An answer's sources (docs/assistant.md, "Grounding"): the pages of the passages it cites by
 * number, in the forms models write them ([1], [1, 2], [1][2], [1-3], [1 and 2], [Passage 1],
 * 【1】, [^1]); an answer that cites none by number has for sources the passages whose words it
 * repeats. Only the passages given to the model count, so every source is a page that exists.
 */
import type { AssistantMessage } from '#shared/assistant';
import { STOP_WORDS, type Passage } from './retrieval';

/** A bracket holding passage numbers only: a year ([2017]) or a word is no citation. */
const CITATION =
  /[[【]\^?\s*(?:(?:passages?|sources?)\s*)?(\d{1,2}(?:\s*(?:,|;|&|and|-|–)\s*\d{1,2})*)\s*[\]】]/giu;
/** The most numbers a range stands for: "[1-3]", never a run away "[1-99]". */
const MAX_RANGE = 10;

/** The passage numbers (from 1) an answer cites. */
function citedNumbers(answer: string): Set<number> {
  const cited = new Set<number>();
  for (const [, list = ''] of answer.matchAll(CITATION)) {
    for (const part of list.split(/\s*(?:,|;|&|and)\s*/i)) {
      const [from = 0, to = from] = part.split(/\s*[-–]\s*/).map(Number);
      for (let n = from; n <= Math.min(to, from + MAX_RANGE); n += 1) cited.add(n);
    }
  }
  return cited;
}

/** How many words in a row make a repeated phrase rather than a chance word. */
const RUN = 3;

/** The runs of RUN words in a text, lower-cased, those of stop words only left out. */
function runsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const runs = new Set<string>();
  for (let i = 0; i + RUN <= words.length; i += 1) {
    const run = words.slice(i, i + RUN);
    if (run.some((word) => !STOP_WORDS.has(word))) runs.add(run.join(' '));
  }
  return runs;
}

/**
 * The passages an answer that cites none repeats: a run of words it shares with the passage
 * (its title or text) that the visitor's own messages do not hold, so an answer that only
 * restates the question ("the site does not say whether …") draws on nothing.
 */
function repeatedPassages(
  answer: string,
  passages: readonly Passage[],
  conversation: readonly AssistantMessage[],
): Passage[] {
  const visitors = runsOf(
    conversation
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
      .join('\n'),
  );
  const answered = [...runsOf(answer)].filter((run) => !visitors.has(run));
  return passages.filter((passage) => {
    const own = runsOf(`${passage.title}\n${passage.text}`);
    return answered.some((run) => own.has(run));
  });
}

/** The pages an answer drew on, each once, in the passages' order. */
export function sourcesOf(
  answer: string,
  passages: readonly Passage[],
  conversation: readonly AssistantMessage[],
): { title: string; url: string }[] {
  const cited = citedNumbers(answer);
  const used =
    cited.size > 0
      ? passages.filter((_, i) => cited.has(i + 1))
      : repeatedPassages(answer, passages, conversation);
  const seen = new Set<string>();
  return used
    .filter((p) => !seen.has(`${p.url}\0${p.title}`) && seen.add(`${p.url}\0${p.title}`))
    .map((p) => ({ title: p.title, url: p.url }));
}
