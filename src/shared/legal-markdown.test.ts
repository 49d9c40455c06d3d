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
});
