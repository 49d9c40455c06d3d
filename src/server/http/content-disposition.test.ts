/** The attachment header of any file name (RFC 6266, RFC 8187). */
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names a plain ASCII file the same both ways', () => {
    expect(attachmentDisposition('scope-v2.pdf')).toBe(
      `attachment; filename="scope-v2.pdf"; filename*=UTF-8''scope-v2.pdf`,
    );
  });

  it('keeps quotes and backslashes out of the quoted name and encodes them in the other', () => {
    expect(attachmentDisposition('a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });

  it('encodes every byte of a name outside ASCII, an emoji as its four', () => {
    expect(attachmentDisposition('née 😀.md')).toBe(
      `attachment; filename="n_e _.md"; filename*=UTF-8''n%C3%A9e%20%F0%9F%98%80.md`,
    );
  });

  it('percent-encodes what could end the parameter or the header', () => {
    const header = attachmentDisposition("a;b'c%d.txt");
    expect(header).toContain(`filename*=UTF-8''a%3Bb%27c%25d.txt`);
  });
});
