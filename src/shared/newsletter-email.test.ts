// @vitest-environment jsdom
// (jsdom for DOMParser: the assertions read the HTML as a browser would, not as a string.)
import { describe, expect, it } from 'vitest';
import { renderConfirmationEmail, renderNewsletterEmail } from './newsletter-email';
import { DARK, LIGHT, type Palette } from './mail/theme';

const SITE = { siteName: 'Acme AI Engineering', siteUrl: 'https://acme.example' };
const UNSUBSCRIBE = 'https://acme.example/newsletter/unsubscribe?token=abc_DEF-123&x=1';
const CONFIRM = 'https://acme.example/newsletter/confirm?token=abc_DEF-123';

function newsletter(
  markdown: string,
  more: Partial<Parameters<typeof renderNewsletterEmail>[0]> = {},
) {
  return renderNewsletterEmail({
    subject: 'News',
    markdown,
    ...SITE,
    unsubscribeUrl: UNSUBSCRIBE,
    ...more,
  });
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The newsletter's own content: the card, without the footer. */
const card = (html: string) => {
  const element = parse(html).querySelector('.nl-card');
  if (!element) throw new Error('no card');
  return element;
};

const ADDRESS_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'background', 'xlink:href'];

/** Nothing in the document can run or load anything, and every address is http(s) or mailto. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(script|img|iframe|object|embed|form|svg|math|base|link)\b/i);
  for (const element of parse(html).querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name, `${element.tagName} ${name}`).not.toMatch(/^on/i);
      if (ADDRESS_ATTRIBUTES.includes(name)) expect(value).toMatch(/^(https?:\/\/|mailto:)/);
    }
  }
}

describe('renderNewsletterEmail: what the author may not do', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['a raw link', '<a href="javascript:alert(1)">x</a>'],
    ['an iframe and a style', '<iframe src="https://evil.example"></iframe><style>*{}</style>'],
    ['an svg with onload', '<svg onload=alert(1)>'],
  ])('escapes raw HTML (%s): shown as text, never as markup', (_name, markdown) => {
    const { html, text } = newsletter(`Before ${markdown} after`);
    expectInert(html);
    expect(card(html).textContent).toContain(`Before ${markdown} after`);
    expect(text).toContain(`Before ${markdown} after`);
  });

  it('escapes raw HTML blocks too', () => {
    const { html } = newsletter('<div onclick="alert(1)">\n\n<script>alert(1)</script>\n\n</div>');
    expectInert(html);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;div onclick=&quot;alert(1)&quot;&gt;');
  });

  it.each([
    ['[x](javascript:alert(1))', 'x'],
    ['[x](JAVASCRIPT:alert(1))', 'x'],
    ['[x](&#106;avascript:alert(1))', 'x'],
    ['[x](&#x6A;avascript&#x3A;alert(1))', 'x'],
    ['[x](java&#x09;script:alert(1))', 'x'],
    ['[x](<javascript:alert(1)>)', 'x'],
    ['[x](vbscript:msgbox(1))', 'x'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', 'x'],
    ['[x](file:///etc/passwd)', 'x'],
    ['[x](/relative/page)', 'x'],
    ['[x](//evil.example/path)', 'x'],
    ['[x](ftp://files.example/a)', 'x'],
    ['[x][ref]\n\n[ref]: javascript:alert(1)', '[x][ref]'],
    ['![x](javascript:alert(1))', 'x'],
    ['![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)', 'x'],
    ['<javascript:alert(1)>', '<javascript:alert(1)>'],
    ['<data:text/html,x>', '<data:text/html,x>'],
  ])('links nowhere but http, https and mailto: %s', (markdown, shown) => {
    const { html } = newsletter(markdown);
    expectInert(html);
    expect(card(html).querySelectorAll('a')).toHaveLength(0);
    expect(card(html).textContent).toContain(shown);
  });

  it('keeps a quote in a link address inside the attribute', () => {
    const { html } = newsletter('[x](<https://acme.example/a" onmouseover="alert(1)>)');
    expectInert(html);
    const link = card(html).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://acme.example/a%22%20onmouseover=%22alert(1)');
    expect(link?.attributes).toHaveLength(3); // href, class, style: nothing more
  });

  it('keeps a quote in a link title inside the attribute', () => {
    const { html } = newsletter('[x](https://acme.example "a\\" onmouseover=\\"alert(1)")');
    expectInert(html);
    const link = card(html).querySelector('a');
    expect(link?.getAttribute('title')).toBe('a" onmouseover="alert(1)');
    expect(link?.hasAttribute('onmouseover')).toBe(false);
  });

  it('never shows a picture: a picture becomes a link to it, labelled with its alt text', () => {
    const { html, text } = newsletter(
      '![The chart](https://acme.example/chart.png) [![inner](https://acme.example/p.png)](https://acme.example/post)',
    );
    expectInert(html);
    const links = [...card(html).querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['The chart', 'https://acme.example/chart.png'],
      ['inner', 'https://acme.example/post'],
    ]);
    expect(text).toContain(
      'The chart (https://acme.example/chart.png) inner (https://acme.example/post)',
    );
  });

  it('escapes the subject and the site name', () => {
    const subject = 'Tips <b>bold</b> & "quotes"';
    const siteName = 'Acme <i>AI</i> "Engineering"';
    const siteUrl = 'https://acme.example/"onmouseover="alert(1)';
    const { html, subject: sent } = newsletter('Hi', { subject, siteName, siteUrl });
    expectInert(html);
    expect(sent).toBe(subject);
    expect(html).toContain('<title>Tips &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;</title>');
    expect(html).toContain('Acme &lt;i&gt;AI&lt;/i&gt; &quot;Engineering&quot;');
    const doc = parse(html);
    expect(doc.title).toBe(subject);
    expect(doc.querySelectorAll('b, i')).toHaveLength(0);
    const siteLink = [...doc.querySelectorAll('a')].find((a) => a.getAttribute('href') === siteUrl);
    expect(siteLink?.textContent).toBe(siteName);
  });
});

describe('renderNewsletterEmail: what the author may do', () => {
  it('keeps links to http, https and mailto, written or bare', () => {
    const { html, text } = newsletter(
      [
        '[Our site](https://acme.example/a?b=1&c=2) and [old](http://acme.example/old),',
        '[write](mailto:hi@acme.example), <https://acme.example/auto>,',
        'https://acme.example/bare and bob@example.com; acme.example stays text.',
      ].join('\n'),
    );
    const links = [...card(html).querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Our site', 'https://acme.example/a?b=1&c=2'],
      ['old', 'http://acme.example/old'],
      ['write', 'mailto:hi@acme.example'],
      ['https://acme.example/auto', 'https://acme.example/auto'],
      ['https://acme.example/bare', 'https://acme.example/bare'],
      ['bob@example.com', 'mailto:bob@example.com'],
    ]);
    for (const link of links) expect(link.getAttribute('style')).toContain('color:#4338ca');
    expect(text).toContain(
      [
        'Our site (https://acme.example/a?b=1&c=2) and old (http://acme.example/old),',
        'write (mailto:hi@acme.example), https://acme.example/auto,',
        'https://acme.example/bare and bob@example.com; acme.example stays text.',
      ].join('\n'),
    );
  });

  it('styles every element inline: headings, paragraphs, lists, quote, code, rule', () => {
    const { html } = newsletter(
      '# One\n\n## Two\n\n### Three\n\ntext `code`\n\n- a\n\n3. b\n\n> quote\n\n```\npre\n```\n\n---',
    );
    const content = card(html);
    for (const tag of [
      'h1',
      'h2',
      'h3',
      'p',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'hr',
    ]) {
      const element = content.querySelector(tag);
      expect(element?.getAttribute('style'), tag).toMatch(/\S/);
    }
    expect(content.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(content.querySelector('pre')?.textContent).toBe('pre');
  });

  it('has the footer: the site linked, why the reader gets it, and a visible Unsubscribe', () => {
    const { html, text } = newsletter('Hi');
    const doc = parse(html);
    const footer = doc.querySelector('.nl-card')?.closest('tr')?.nextElementSibling;
    expect(footer?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'You receive this because you confirmed your subscription at Acme AI Engineering. Unsubscribe',
    );
    const links = [...(footer?.querySelectorAll('a') ?? [])];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Acme AI Engineering', 'https://acme.example'],
      ['Unsubscribe', UNSUBSCRIBE],
    ]);
    expect(html).toContain('token=abc_DEF-123&amp;x=1');
    expect(text.endsWith(`\nUnsubscribe: ${UNSUBSCRIBE}\n`)).toBe(true);
    expect(text).toContain(
      'You receive this because you confirmed your subscription at Acme AI Engineering (https://acme.example).',
    );
  });

  it('gives each recipient their own unsubscribe link around the same body', () => {
    const first = newsletter('Same *body*', { unsubscribeUrl: 'https://acme.example/u?token=1' });
    const second = newsletter('Same *body*', { unsubscribeUrl: 'https://acme.example/u?token=2' });
    const changed = newsletter('Other body', { unsubscribeUrl: 'https://acme.example/u?token=2' });
    expect(second.html).toBe(first.html.replace('token=1', 'token=2'));
    expect(second.text).toBe(first.text.replace('token=1', 'token=2'));
    expect(card(changed.html).textContent?.trim()).toBe('Other body');
    expect(changed.text.startsWith('Other body\n')).toBe(true);
  });

  it('writes the text part as plain text: headings, paragraphs, lists, quotes, code, links', () => {
    const markdown = [
      '# Spring *news*',
      '',
      'We shipped **two** things,',
      'and [a guide](https://acme.example/guide).',
      '',
      '## Lists',
      '',
      '- one',
      '- two',
      '  - nested',
      '- three',
      '',
      '3. third',
      '4. fourth',
      '',
      '> A quote',
      '> - with an item',
      '',
      '```ts',
      'const x = 1 < 2;',
      '```',
      '',
      '---',
      '',
      'Bye <3',
    ].join('\n');
    expect(newsletter(markdown).text).toBe(
      [
        'Spring news',
        '===========',
        '',
        'We shipped two things,',
        'and a guide (https://acme.example/guide).',
        '',
        'Lists',
        '-----',
        '',
        '- one',
        '- two',
        '  - nested',
        '- three',
        '',
        '3. third',
        '4. fourth',
        '',
        '> A quote',
        '>',
        '> - with an item',
        '',
        '    const x = 1 < 2;',
        '',
        '----------',
        '',
        'Bye <3',
        '',
        '-- ',
        'You receive this because you confirmed your subscription at Acme AI Engineering (https://acme.example).',
        `Unsubscribe: ${UNSUBSCRIBE}`,
        '',
      ].join('\n'),
    );
  });

  it('puts an empty line between the items of a loose list, none in a tight one', () => {
    expect(newsletter('- a\n\n- b\n\n  more').text).toMatch(/^- a\n\n- b\n\n {2}more\n\n-- \n/);
  });

  it('keeps a single line break in both parts, as in a signature', () => {
    const mail = newsletter('Best regards,\nDana Marsh\nHarbor Lane AI');
    const paragraph = card(mail.html).querySelector('p');
    expect(paragraph?.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph?.textContent).toBe('Best regards,\nDana Marsh\nHarbor Lane AI');
    expect(mail.text).toMatch(/^Best regards,\nDana Marsh\nHarbor Lane AI\n/);
  });
});

describe('renderNewsletterEmail: the document and its colour schemes', () => {
  it('is a whole HTML e-mail: language, title, both schemes declared, layout tables', () => {
    const { html } = newsletter('Hi', { subject: 'Spring news' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    const doc = parse(html);
    expect(doc.title).toBe('Spring news');
    const meta = doc.querySelector('meta[name="color-scheme"]');
    expect(meta?.getAttribute('content')).toBe('light dark');
    const tables = [...doc.querySelectorAll('table')];
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table.getAttribute('role')).toBe('presentation');
    expect(doc.querySelector('table[width="600"]')?.getAttribute('style')).toContain(
      'max-width:600px',
    );
    const styles = [...doc.querySelectorAll('style')];
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toContain('@media (prefers-color-scheme: dark)');
  });

  it("'light' and 'dark' force one scheme each, without the media query", () => {
    const light = newsletter('[a](https://acme.example)', { scheme: 'light' }).html;
    const dark = newsletter('[a](https://acme.example)', { scheme: 'dark' }).html;
    const auto = newsletter('[a](https://acme.example)').html;
    expect(light).not.toBe(dark);
    expect(light).not.toContain('<style');
    expect(dark).not.toContain('<style');
    expect(parse(light).querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe(
      'light',
    );
    expect(parse(dark).querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe(
      'dark',
    );
    expect(card(light).getAttribute('style')).toContain(`background-color:${LIGHT.card}`);
    expect(card(dark).getAttribute('style')).toContain(`background-color:${DARK.card}`);
    // 'auto' is the light mail plus the dark-mode block.
    expect(auto.replace(/\n<style>.*<\/style>/, '').replaceAll('light dark', 'light')).toBe(light);
  });

  it("'dark' paints every element as the dark-mode media query does", () => {
    const markdown = '# H\n\n[a](https://acme.example) `c`\n\n> q\n\n```\np\n```\n\n---';
    const css = parse(newsletter(markdown).html).querySelector('style')?.textContent ?? '';
    const rules = new Map(
      [...css.matchAll(/\.(nl-[\w-]+)\{([^}]*)\}/g)].map(([, name, body]) => [
        name,
        (body ?? '').split(';').map((declaration) => declaration.replace(' !important', '')),
      ]),
    );
    const dark = parse(newsletter(markdown, { scheme: 'dark' }).html);
    const painted = [...dark.querySelectorAll('[class^="nl-"]')];
    expect(new Set(painted.map((e) => e.className))).toEqual(
      new Set(['nl-page', 'nl-card', 'nl-muted', 'nl-link', 'nl-code', 'nl-quote', 'nl-rule']),
    );
    for (const element of painted) {
      const declarations = rules.get(element.className);
      expect(declarations, element.className).toBeDefined();
      for (const declaration of declarations ?? []) {
        expect(element.getAttribute('style')).toContain(declaration);
      }
    }
  });

  it('keeps text readable in both palettes (WCAG AA, 4.5:1)', () => {
    for (const p of [LIGHT, DARK]) {
      const pairs: [keyof Palette, keyof Palette][] = [
        ['text', 'card'],
        ['muted', 'card'],
        ['muted', 'page'],
        ['link', 'card'],
        ['text', 'codeBackground'],
        ['buttonText', 'buttonBackground'],
      ];
      for (const [foreground, background] of pairs) {
        expect(
          contrast(p[foreground], p[background]),
          `${foreground} on ${background}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('renderConfirmationEmail', () => {
  const mail = renderConfirmationEmail({ ...SITE, confirmUrl: CONFIRM });

  it('names the site in the subject', () => {
    expect(mail.subject).toBe('Confirm your subscription to Acme AI Engineering');
  });

  it('has one button, at least 44 px tall, and the plain link below it', () => {
    expectInert(mail.html);
    const doc = parse(mail.html);
    expect(doc.title).toBe(mail.subject);
    const links = [...doc.querySelectorAll('.nl-card a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Confirm subscription', CONFIRM],
      [CONFIRM, CONFIRM],
    ]);
    const cell = links[0]?.closest('td');
    expect(Number(cell?.getAttribute('height'))).toBeGreaterThanOrEqual(44);
    expect(cell?.getAttribute('style')).toContain('height:48px');
    expect(cell?.closest('table')?.getAttribute('role')).toBe('presentation');
    expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe(
      'light dark',
    );
    const content = doc.querySelector('.nl-card')?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(content).toContain('Acme AI Engineering newsletter');
    expect(content).toContain('This link is valid for 7 days.');
    expect(content).toContain('If you did not ask for this, ignore this e-mail: nothing happens');
  });

  it('has a text part with the link on a line of its own', () => {
    expect(mail.text).toBe(
      [
        'Confirm your subscription to Acme AI Engineering',
        '',
        'Please confirm that you want to receive the Acme AI Engineering newsletter at this address by opening this link:',
        '',
        CONFIRM,
        '',
        'This link is valid for 7 days. If you did not ask for this, ignore this e-mail: nothing happens, and you will not be subscribed.',
        '',
        '-- ',
        'Acme AI Engineering: https://acme.example',
        '',
      ].join('\n'),
    );
  });

  it('escapes the site name', () => {
    const { html, subject } = renderConfirmationEmail({
      ...SITE,
      siteName: '<b>Acme</b> "AI"',
      confirmUrl: CONFIRM,
    });
    expectInert(html);
    expect(subject).toBe('Confirm your subscription to <b>Acme</b> "AI"');
    expect(parse(html).querySelectorAll('b')).toHaveLength(0);
    expect(html).toContain('&lt;b&gt;Acme&lt;/b&gt; &quot;AI&quot;');
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}
