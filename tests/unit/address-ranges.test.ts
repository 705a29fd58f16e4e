import { describe, expect, it } from 'vitest';
import { isAllowedPrivate, nonPublicReason, parseAllowList } from '../../src/server/platform/address-ranges';

// The addresses the server never fetches from (src/server/platform/outbound.ts uses these on every hop).
describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'this-network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.100.100.200', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['168.63.129.16', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (inside an IPv6 address)'],
    ['::ffff:7f00:1', 'loopback (inside an IPv6 address)'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local (cloud metadata) (inside an IPv6 address)'],
    ['::127.0.0.1', 'loopback (inside an IPv6 address)'],
    ['64:ff9b::10.0.0.1', 'private (inside an IPv6 address)'],
    ['2002:c0a8:0101::1', 'private (inside an IPv6 address)'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['not-an-address', 'not an IP address'],
  ])('%s is %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });
});

describe('OUTBOUND_ALLOW_PRIVATE', () => {
  it('allows exactly the addresses, ranges and ports it names', () => {
    const allow = parseAllowList('127.0.0.1:8080, 10.0.0.0/8, [::1]:9000, fd00::/8');
    expect(isAllowedPrivate(allow, '127.0.0.1', 8080)).toBe(true);
    expect(isAllowedPrivate(allow, '127.0.0.1', 8081)).toBe(false);
    expect(isAllowedPrivate(allow, '10.200.3.4', 443)).toBe(true);
    expect(isAllowedPrivate(allow, '11.0.0.1', 443)).toBe(false);
    expect(isAllowedPrivate(allow, '::1', 9000)).toBe(true);
    expect(isAllowedPrivate(allow, '::1', 80)).toBe(false);
    expect(isAllowedPrivate(allow, 'fd12::1', 80)).toBe(true);
    expect(parseAllowList(undefined)).toEqual([]);
  });

  it('refuses what it does not understand, host names included', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '127.0.0.1:0', 'example.com:80', '1.2.3.4/x']) {
      expect(() => parseAllowList(bad), bad).toThrow();
    }
  });
});
