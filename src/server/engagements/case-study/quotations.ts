/**
 * The case-study draft's one rule on quotations (docs/engagements.md, "Case-study draft"): no
 * words stand in its text as someone's. Checked in code after the model answered, never left to
 * the model: a Markdown blockquote, or text of at least a few words between quotation marks
 * (straight, curly, guillemets, low-high), is removed. One that is not the approved
 * testimonial's words (spaces aside) is also returned, so the owner sees what was taken out
 * (16 CFR 465: no words are shown as the client's unless the client approved them). The
 * approved words are shown as the testimonial attached to the case study instead, which a
 * withdrawal takes off at once; words copied into its text would stay.
 */

/** Text between quotation marks: "…", “…”, ‘…’, «…», „…“ (a straight ' is an apostrophe). */
const QUOTED = /"([^"\n]+)"|“([^”\n]+)”|‘([^’\n]+)’|«([^»\n]+)»|„([^“\n]+)“/gu;

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
export function quotesTakenOut(markdown: string, approved: string | null): CheckedText {
  const removed: string[] = [];
  const withoutBlocks = markdown.replace(/(?:^[ \t]*>.*(?:\r?\n|$))+/gmu, (block) => {
    const inner = block
      .split(/\r?\n/u)
      .map((line) => line.replace(/^[ \t]*>[ \t]?/u, ''))
      .join(' ')
      .replace(/^["“]|["”]$/gu, '');
    if (!isApproved(inner.trim().replace(/^["“]|["”]$/gu, ''), approved)) {
      removed.push(squashed(inner));
    }
    return block.endsWith('\n') ? '\n' : '';
  });
  const text = withoutBlocks.replace(QUOTED, (whole, ...marks: unknown[]) => {
    const inner = String(marks.slice(0, 5).find((mark) => typeof mark === 'string') ?? '');
    if (inner.trim().split(/\s+/u).length < MIN_QUOTED_WORDS) return whole;
    if (!isApproved(inner, approved)) removed.push(squashed(inner));
    return '';
  });
  return { text: text.replace(/\n{3,}/gu, '\n\n').trim(), removed };
}
