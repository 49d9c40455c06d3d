/**
 * An entry's Markdown as the words a reader sees (docs/content.md, "Search"): what a search
 * result's snippet shows, and the words "Did you mean" picks from. FTS5 makes the snippet from
 * the stored Markdown, so this works on a fragment too: a link or a bold cut at either end
 * loses its syntax all the same. Text only, never HTML: raw HTML in the body is text on the
 * page too, and is escaped afterwards with the rest. The snippet's private-use markers
 * (search-query.ts) hold no character these rules touch.
 */

/** Characters Markdown lets a backslash make literal. */
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|~>])/g;
/** Stand-in for an escaped character while the syntax is removed: private use, never typed. */
const HELD = '\uE002';

export function markdownAsText(markdown: string): string {
  const held: string[] = [];
  // A text holding the stand-in itself keeps its backslashes rather than lose a character.
  const hold = !markdown.includes(HELD);
  return (
    markdown
      .replace(ESCAPED, (escaped, char: string) => {
        if (!hold) return escaped;
        held.push(char);
        return HELD;
      })
      // Fenced code's fences; a table's separator row; a rule.
      .replace(/^[ \t]*(?:`{3,}|~{3,}).*$/gm, ' ')
      .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, ' ')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' ')
      // Pictures and links: their words stay, their addresses go (also cut at either end).
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/^([^[]*?)\]\([^)\n]*\)/, '$1')
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*$/, '$1')
      .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
      // Headings, quotes, list bullets at the start of a line.
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/gm, '')
      // Emphasis, strikethrough, code spans: the marks around words, never inside one.
      .replace(/(^|[^\p{L}\p{N}])(?:\*{1,3}|_{1,3}|~~)(?=\S)/gu, '$1')
      .replace(/(\S)(?:\*{1,3}|_{1,3}|~~)(?=$|[^\p{L}\p{N}])/gu, '$1')
      .replace(/`+/g, '')
      // A table's cells.
      .replace(/[ \t]*\|[ \t]*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(new RegExp(HELD, 'g'), () => held.shift() ?? '')
  );
}
