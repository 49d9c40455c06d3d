/** The picture rule an entry's body adds to the legal pages' Markdown (entry-markdown.ts). */
import { describe, expect, it } from 'vitest';
import { foreignImages, isUploadedImage, markdownImages } from './entry-markdown';

describe('the pictures of an entry’s body', () => {
  it('finds pictures inline, by reference and inside links; never inside code', () => {
    const body = [
      '![a](/uploads/a.png) and [![b](https://x.example/b.png)](https://x.example)',
      '',
      '![c][ref]',
      '',
      '[ref]: https://y.example/c.png',
      '',
      '```md',
      '![d](https://z.example/d.png)',
      '```',
      '',
      '`![e](https://z.example/e.png)`',
      '',
      '    ![f](https://z.example/f.png)',
    ].join('\n');
    expect(markdownImages(body)).toEqual([
      '/uploads/a.png',
      'https://x.example/b.png',
      'https://y.example/c.png',
    ]);
    expect(foreignImages(body)).toEqual(['https://x.example/b.png', 'https://y.example/c.png']);
  });

  it('takes only a served upload’s address', () => {
    expect(isUploadedImage('/uploads/entry-cover-1a2b.webp')).toBe(true);
    for (const src of [
      '/uploads/',
      '/uploads/../admin',
      '/uploads/a/b.png',
      '//uploads/a.png',
      'https://site.example/uploads/a.png',
      'data:image/png;base64,AAAA',
      '/assets/logo.png',
    ]) {
      expect(isUploadedImage(src), src).toBe(false);
    }
  });

  it('leaves raw HTML alone: it is shown as text, as on the legal pages', () => {
    expect(markdownImages('<img src="https://evil.example/x.png">')).toEqual([]);
  });
});
