/** An entry's body as the pages and feeds show it (entry-body-html.ts). */
import { describe, expect, it } from 'vitest';
import { entryBodyHtml } from './entry-body-html';
import { legalMarkdownToHtml } from './legal-markdown';

describe('an entry’s body as HTML', () => {
  it('keeps uploaded pictures, lazily loaded, and drops any other to its alt text', () => {
    const html = entryBodyHtml(
      '![Chart of replies](/uploads/chart-1a2b.webp)\n\n![stranger](https://x.example/a.png)',
    );
    expect(html).toContain(
      '<img src="/uploads/chart-1a2b.webp" alt="Chart of replies" loading="lazy" decoding="async">',
    );
    expect(html).not.toContain('x.example');
    expect(html).toContain('stranger');
  });

  it('draws fenced code escaped, with its language', () => {
    const html = entryBodyHtml('```ts\nconst a = "<b>" && 1 < 2;\n```');
    expect(html).toContain(
      '<pre tabindex="0"><code class="language-ts">const a = &quot;&lt;b&gt;&quot; &amp;&amp; 1 &lt; 2;\n</code></pre>',
    );
  });

  it('follows the legal pages’ rules: raw HTML as text, only safe links', () => {
    const html = entryBodyHtml(
      '<script>alert(1)</script>\n\n[x](javascript:alert(2)) [ok](https://example.com) [p](/privacy)',
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="/privacy">p</a>');
  });

  it('starts the body’s headings under the page’s title, whichever level the owner began at, with no level skipped', () => {
    expect(entryBodyHtml('# Why\n\n## How\n\n###### Deep')).toBe(
      '<h2>Why</h2>\n<h3>How</h3>\n<h4>Deep</h4>\n',
    );
    // Sections written as `##` (the title being the page's): the same outline.
    expect(entryBodyHtml('## Why\n\n### How\n\n## Then')).toBe(
      '<h2>Why</h2>\n<h3>How</h3>\n<h2>Then</h2>\n',
    );
    // A first heading deeper than a later one still follows the title directly.
    expect(entryBodyHtml('### Detail\n\n## Section\n\n#### Deeper')).toBe(
      '<h2>Detail</h2>\n<h2>Section</h2>\n<h3>Deeper</h3>\n',
    );
  });

  it('leaves the legal pages as they were: every picture stays its alt text', () => {
    expect(legalMarkdownToHtml('# Privacy\n\n![logo](/uploads/logo.png)')).toBe(
      '<h1>Privacy</h1>\n<p>logo</p>\n',
    );
  });
});
