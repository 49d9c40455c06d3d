import { describe, expect, it } from 'vitest';
import { LINK_TOKEN_PATTERN, linkTokenField } from '#shared/link-token';
import { newToken, tokenHash } from './tokens';

describe('tokens', () => {
  it('makes tokens of the format the link forms accept, each new', () => {
    const made = Array.from({ length: 50 }, newToken);
    for (const token of made) {
      expect(token).toMatch(LINK_TOKEN_PATTERN);
      expect(linkTokenField('bad').safeParse(token).success).toBe(true);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('hashes a token the same way each time, to something other than the token', () => {
    const token = newToken();
    expect(tokenHash(token)).toBe(tokenHash(token));
    expect(tokenHash(token)).not.toBe(token);
    expect(tokenHash(token)).not.toBe(tokenHash(newToken()));
  });

  it('refuses a token of another length or alphabet with the form’s message', () => {
    const field = linkTokenField('This link is malformed.');
    for (const bad of [newToken().slice(1), `${newToken()}A`, `${newToken().slice(1)}=`]) {
      const parsed = field.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('This link is malformed.');
    }
  });
});
