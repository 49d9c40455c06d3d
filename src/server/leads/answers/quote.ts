/**
 * An answer's own words, without the history its mail program quoted below it (docs/leads.md,
 * "Answers by e-mail"): the timeline already holds what it quotes. Cut at the first line that
 * starts a quote as the common mail programs write one, and any `>` lines left at the end.
 */

/** Lines that open the quoted history (Gmail, Apple Mail, Thunderbird, Outlook, Fastmail). */
const QUOTE_OPENERS = [
  // "On Tue, 3 Mar 2026 at 10:00, Dana <dana@example.com> wrote:" (Gmail, Apple Mail, Fastmail)
  /^\s*On\b.{0,300}\bwrote:\s*$/i,
  // Outlook's divider and its header block.
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
  /^\s*From:\s.+$/i,
];

export function cutQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // Gmail wraps a long "On ... wrote:" over two lines: join each line with the next to test.
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    const opens = QUOTE_OPENERS.some((pattern) => pattern.test(line));
    const opensOverTwo = /^\s*On\b/i.test(line) && QUOTE_OPENERS[0]!.test(joined);
    // Outlook's "From:" opens a quote only as the first of its header lines.
    if (/^\s*From:\s/i.test(line) && !/^\s*(Sent|Date):\s/i.test(lines[i + 1] ?? '')) continue;
    if (opens || opensOverTwo) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end);
  while (kept.length > 0 && /^\s*(>.*)?$/.test(kept.at(-1) ?? '')) kept.pop();
  return kept.join('\n').trim();
}
