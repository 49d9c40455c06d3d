import { describe, expect, it } from 'vitest';
import { forwardedAddress } from './context';

describe('forwardedAddress (an X-Forwarded-For entry)', () => {
  it('takes IPv4 and IPv6 addresses, with or without a port', () => {
    expect(forwardedAddress(' 203.0.113.5 ')).toBe('203.0.113.5');
    expect(forwardedAddress('10.5.0.5:1234')).toBe('10.5.0.5');
    expect(forwardedAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(forwardedAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(forwardedAddress('[2001:db8::1]')).toBe('2001:db8::1');
  });

  it('refuses what is no address, so it never becomes a throttle key of its own', () => {
    for (const entry of ['abc', 'unknown', '', '999.1.1.1', '10.5.0.5:x', '[abc]:80', '1.2.3']) {
      expect([entry, forwardedAddress(entry)]).toEqual([entry, null]);
    }
  });
});
