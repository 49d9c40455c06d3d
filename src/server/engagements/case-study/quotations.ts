/**
 * The case-study draft's one rule on quotations (docs/engagements.md, "Case-study draft"): a
 * quotation is the client's approved words exactly, or it goes. Checked in code after the model
 * answered, never left to the model: a Markdown blockquote, or text between quotation marks
 * (straight or curly) of at least a few words, that is not the approved testimonial's words
 * (spaces aside) is removed and returned, so the owner sees what was taken out (16 CFR 465: no
 * words are shown as the client's unless the client approved them).
 */

/** Shorter quoted runs ("on time", a product's name) are not taken for someone's words. */
const MIN_QUOTED_WORDS = 3;

const squashed = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** Whether `quoted` is the approved words, spaces and the enclosing marks aside. */
function isApproved(quoted: string, approved: string | null): boolean {
  return approved !== null && squashed(quoted) === squashed(approved);
}

export interface CheckedText {
  text: string;
  /** Each quotation taken out, as the model wrote it. */
  removed: string[];
}

/** Blockquotes first (a run of `>` lines is one quotation), then inline quotations. */
export function keepApprovedQuotes(markdown: string, approved: string | null): CheckedText {
  const removed: string[] = [];
  const withoutBlocks = markdown.replace(/(?:^[ \t]*>.*(?:\r?\n|$))+/gmu, (block) => {
    const inner = block
      .split(/\r?\n/u)
      .map((line) => line.replace(/^[ \t]*>[ \t]?/u, ''))
      .join(' ')
      .replace(/^["“]|["”]$/gu, '');
    if (isApproved(inner.trim().replace(/^["“]|["”]$/gu, ''), approved)) return block;
    removed.push(squashed(inner));
    return block.endsWith('\n') ? '\n' : '';
  });
  const text = withoutBlocks.replace(/"([^"\n]+)"|“([^”\n]+)”/gu, (whole, straight, curly) => {
    const inner = String(straight ?? curly);
    if (inner.trim().split(/\s+/u).length < MIN_QUOTED_WORDS) return whole;
    if (isApproved(inner, approved)) return whole;
    removed.push(squashed(inner));
    return '';
  });
  return { text: text.replace(/\n{3,}/gu, '\n\n').trim(), removed };
}
