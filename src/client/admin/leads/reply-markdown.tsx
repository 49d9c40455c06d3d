import { Fragment, type ReactNode } from 'react';
import { markdownTokens, type MarkdownToken } from '#shared/newsletter-email-markdown';

/**
 * A reply's Markdown as the lead's mail showed it (bold, lists, links), on the lead timeline.
 * Parsed by the mail's own rules (shared/newsletter-email-markdown.ts: raw HTML stays text, links
 * only to http, https and mailto, pictures as links), then built as React elements from the
 * tokens: no HTML string is ever inserted into the page.
 */
export function ReplyMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="flex flex-col gap-2 break-words text-ink">
      {elements(markdownTokens(markdown))}
    </div>
  );
}

const linkClass =
  'text-brand-700 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400';

/** markdown-it's flat list (opening and closing tokens) as a tree of elements. */
function elements(tokens: MarkdownToken[]): ReactNode[] {
  const root: ReactNode[] = [];
  const open: { token: MarkdownToken; children: ReactNode[] }[] = [];
  tokens.forEach((token, key) => {
    const siblings = open.at(-1)?.children ?? root;
    if (token.nesting === 1) open.push({ token, children: [] });
    else if (token.nesting === -1) {
      const opened = open.pop();
      if (opened)
        (open.at(-1)?.children ?? root).push(container(opened.token, opened.children, key));
    } else siblings.push(leaf(token, key));
  });
  return root;
}

/** An element that holds others. A heading is bold text: the timeline's entries have their own headings. */
function container(token: MarkdownToken, children: ReactNode[], key: number): ReactNode {
  // A tight list's paragraphs are hidden: the item's text stands alone.
  if (token.hidden) return <Fragment key={key}>{children}</Fragment>;
  switch (token.tag) {
    case 'p':
      return <p key={key}>{children}</p>;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return (
        <p key={key} className="font-semibold">
          {children}
        </p>
      );
    case 'ul':
      return (
        <ul key={key} className="list-disc pl-6">
          {children}
        </ul>
      );
    case 'ol':
      return (
        <ol key={key} className="list-decimal pl-6" start={Number(token.attrGet('start') ?? 1)}>
          {children}
        </ol>
      );
    case 'li':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return (
        <blockquote key={key} className="border-l-4 border-line pl-3 text-muted">
          {children}
        </blockquote>
      );
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'em':
      return <em key={key}>{children}</em>;
    case 's':
      return <s key={key}>{children}</s>;
    case 'a':
      // The rules above let only http, https and mailto addresses through.
      return (
        <a key={key} href={String(token.attrGet('href') ?? '')} className={linkClass}>
          {children}
        </a>
      );
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

/** A token without children of its own: text, a line break, code, a rule. */
function leaf(token: MarkdownToken, key: number): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{elements(token.children ?? [])}</Fragment>;
    case 'text':
      return token.content;
    case 'softbreak':
    case 'hardbreak':
      return <br key={key} />;
    case 'code_inline':
      return (
        <code key={key} className="rounded bg-subtle px-1 font-mono text-sm">
          {token.content}
        </code>
      );
    case 'fence':
    case 'code_block':
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded bg-subtle p-3 font-mono text-sm whitespace-pre-wrap"
        >
          {token.content.replace(/\n$/, '')}
        </pre>
      );
    case 'hr':
      return <hr key={key} className="border-line" />;
    default:
      return null;
  }
}
