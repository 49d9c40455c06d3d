import { describe, expect, it } from 'vitest';
import { logAddress, maskAddress, throttleAddress } from './address';

describe('throttleAddress', () => {
  it('keeps an IPv4 address', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it.each([
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:cb00:7107', '203.0.113.7'],
  ])('treats the IPv4-mapped %s as %s', (ip, key) => {
    expect(throttleAddress(ip)).toBe(key);
  });

  it('counts IPv6 by its /64, whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:abcd',
      '[2001:db8:1:2::99]',
      '2001:db8:1:2::7%eth0',
      '2001:db8:1:2::203.0.113.7',
    ]) {
      expect(throttleAddress(ip)).toBe(key);
    }
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps what is not an address (no socket in tests, a proxy header oddity)', () => {
    expect(throttleAddress('unknown')).toBe('unknown');
    expect(throttleAddress('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

describe('maskAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.x'],
    ['::ffff:203.0.113.7', '203.0.113.x'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['[2001:DB8:1:2::1]', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
  ])('shows %s as %s', (ip, masked) => {
    expect(maskAddress(ip)).toBe(masked);
  });
});

describe('logAddress', () => {
  it.each([
    ['203.0.113.99', '203.0.113.0/24'],
    ['::ffff:198.51.100.23', '198.51.100.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['[2001:DB8:abcd:12::1]', '2001:db8:abcd::/48'],
    ['unknown', 'unknown'],
  ])('keeps %s as its network %s', (ip, logged) => {
    expect(logAddress(ip)).toBe(logged);
  });
});
