/**
 * `/llms.txt` (docs/content.md, "Feeds and indexes"): the site's pages and published entries
 * for language models, in the llms.txt convention (llmstxt.org): the name as `# `, the
 * description as `> `, then sections of `- [title](address): summary`. Every text is put on
 * one line and its brackets escaped, so an entry's title cannot end its link early.
 */
import { ENTRY_KIND_NAMES, ENTRY_LIST_PATHS, entryPath } from './entry-paths';
import type { EntryKind } from './entry-values';
import { LEGAL_PAGES } from './site-content-basics';
import type { SiteContent } from './site-content';

export interface LlmsEntry {
  kind: EntryKind;
  slug: string;
  title: string;
  summary: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/([\\[\]])/g, '\\$1');

function item(title: string, url: string, summary?: string): string {
  return `- [${linkText(title)}](${url})${summary ? `: ${oneLine(summary)}` : ''}`;
}

/** The file's text: home, the legal pages with text, the lists with entries, then the entries. */
export function llmsTxt(
  content: SiteContent,
  pagesOrigin: string,
  entries: readonly LlmsEntry[],
): string {
  const url = (path: string) => new URL(path, pagesOrigin).toString();
  const kinds = (Object.keys(ENTRY_LIST_PATHS) as EntryKind[]).filter((kind) =>
    entries.some((entry) => entry.kind === kind),
  );
  const pages = [
    item('Home', url('/'), content.company.tagline),
    ...kinds.map((kind) => item(ENTRY_KIND_NAMES[kind].plural, url(ENTRY_LIST_PATHS[kind]))),
    ...LEGAL_PAGES.filter((page) => content.legal[page.key].trim()).map((page) =>
      item(page.label, url(page.path)),
    ),
  ];
  const sections = kinds.map((kind) => [
    '',
    `## ${ENTRY_KIND_NAMES[kind].plural}`,
    '',
    ...entries
      .filter((entry) => entry.kind === kind)
      .map((entry) => item(entry.title, url(entryPath(kind, entry.slug)), entry.summary)),
  ]);
  return [
    `# ${oneLine(content.company.name)}`,
    '',
    `> ${oneLine(content.company.description)}`,
    '',
    '## Pages',
    '',
    ...pages,
    ...sections.flat(),
    '',
  ].join('\n');
}
