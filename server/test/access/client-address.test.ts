import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/access/client-address.js';

describe('clientAddress', () => {
  it('keeps IPv4 (also IPv4-mapped IPv6) and folds IPv6 to its /64 however it is written', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2:aa:bb:cc:dd')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0DB8:0001:0002::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2::5%eth0')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('returns text that is not an address unchanged (it is still a key of its own)', () => {
    expect(clientAddress('')).toBe('');
    expect(clientAddress('not-an-ip')).toBe('not-an-ip');
  });
});
