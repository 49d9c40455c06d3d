/**
 * The rule an entry's body adds to the legal pages' Markdown (legal-markdown.ts: raw HTML
 * shown as text, links only to http, https, mailto and the site's own paths): pictures are
 * allowed, but only images uploaded in the admin, served by the site under /uploads/
 * (docs/content.md, "Case studies and insights"). A picture from another site would load a
 * stranger's server from every reader's browser, so it is refused when the entry is saved,
 * with the owner's message, rather than dropped from the page without a word.
 *
 * The body is parsed with markdown-it, as it will be drawn: `![a](x)` inside fenced or inline
 * code is code, not a picture, and is never judged.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { MEDIA_URL_PREFIX } from './site-media';

const md = new MarkdownIt('default', { html: false, linkify: true });

/** A served upload's address: the prefix, then one name without a path (server/media/). */
const UPLOADED = new RegExp(`^${MEDIA_URL_PREFIX}[A-Za-z0-9][A-Za-z0-9._-]*$`);

export function isUploadedImage(src: string): boolean {
  return UPLOADED.test(src) && !src.includes('..');
}

function imagesOf(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => [
    ...(token.type === 'image' ? [String(token.attrGet('src') ?? '')] : []),
    ...(token.children ? imagesOf(token.children) : []),
  ]);
}

/** Every picture's address in the Markdown, as markdown-it reads it (code is not looked at). */
export function markdownImages(markdown: string): string[] {
  return imagesOf(md.parse(markdown, {}));
}

/** The pictures that are not uploads of this site: empty when the body may be saved. */
export function foreignImages(markdown: string): string[] {
  return markdownImages(markdown).filter((src) => !isUploadedImage(src));
}
