import { describe, expect, it } from 'vitest';
import { legalMarkdownToHtml } from './legal-markdown';

describe('legal page Markdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = legalMarkdownToHtml(
      '# Privacy\n\n- one\n\n[mail](mailto:a@example.com) and [site](https://example.com)',
    );
    expect(html).toContain('<h1>Privacy</h1>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>');
  });

  it('makes scripts, event handlers and javascript: links harmless', () => {
    const html = legalMarkdownToHtml(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror="alert(2)">',
        '',
        '[click](javascript:alert(3)) [data](data:text/html,hi) ![pic](https://x.example/a.png)',
        '',
        '<a href="javascript:alert(4)">raw</a>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<img|<a href="javascript|<a href="data|onerror="/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('click');
    expect(html).toContain('pic');
  });

  it('keeps a single line break, as in an address or a signature', () => {
    expect(legalMarkdownToHtml('Acme AI Engineering\n1 Harbor Lane\nBoston')).toBe(
      '<p>Acme AI Engineering<br>\n1 Harbor Lane<br>\nBoston</p>\n',
    );
  });

  it('links to a page of the site, but never to another host through //', () => {
    const html = legalMarkdownToHtml(
      'See [our privacy policy](/privacy) and [this](//evil.example/x) and [that](/\\evil.example).',
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    // A backslash is percent-encoded, so `/%5C…` stays a path of this site in every browser.
    expect(hrefs).toEqual(['/privacy', '/%5Cevil.example']);
    expect(html).toContain('[this](//evil.example/x)');
  });

  it('draws a table as a table, in a box that scrolls sideways', () => {
    const html = legalMarkdownToHtml(
      '| Data | Kept for |\n| --- | --- |\n| Sessions of administrators | 12 hours |',
    );
    expect(html).toMatch(/^<div class="legal-table" tabindex="0">\n<table>\n<thead>/);
    expect(html).toContain('<th>Data</th>');
    expect(html).toContain('<td>Sessions of administrators</td>\n<td>12 hours</td>');
    expect(html.trimEnd()).toMatch(/<\/table>\n<\/div>$/);
  });
});
