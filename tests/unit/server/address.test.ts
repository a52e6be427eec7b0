/**
 * The published-page preview's address check (publish/page-preview.ts `isPublicAddress`):
 * only public unicast addresses are fetched, and every IPv6 form that embeds an IPv4
 * address is judged by the IPv4 address it carries (RFC 4291 §2.5.5 mapped/compatible,
 * RFC 6145 translated, RFC 3056 6to4, RFC 6052 NAT64 /96 and RFC 8215 local-use /48,
 * RFC 4380 Teredo: server and obfuscated client). Pure: no DNS, no network.
 */
import { describe, expect, it } from 'vitest';
import { embeddedIPv4, isPublicAddress } from '../../../src/server/publish/page-preview.ts';

const REFUSED: [string, string][] = [
  ['127.0.0.1', 'IPv4 loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['0.0.0.0', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.1', 'documentation'],
  ['::1', 'IPv6 loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  // IPv4-mapped ::ffff:a.b.c.d, dotted and hex
  ['::ffff:127.0.0.1', 'mapped loopback'],
  ['::ffff:10.0.0.1', 'mapped private'],
  ['::ffff:7f00:1', 'mapped loopback (hex)'],
  ['::ffff:a9fe:a9fe', 'mapped metadata (hex)'],
  ['0:0:0:0:0:ffff:c0a8:0101', 'mapped private (long form)'],
  // IPv4-compatible ::a.b.c.d (deprecated)
  ['::127.0.0.1', 'compatible loopback'],
  ['::7f00:1', 'compatible loopback (hex)'],
  ['::a00:1', 'compatible private (hex)'],
  ['::c0a8:101', 'compatible private (hex)'],
  ['::a9fe:a9fe', 'compatible metadata (hex)'],
  // IPv4-translated ::ffff:0:a.b.c.d
  ['::ffff:0:127.0.0.1', 'translated loopback'],
  ['::ffff:0:a00:1', 'translated private'],
  // 6to4 2002:V4ADDR::/48
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:a00:1::', '6to4 of private'],
  ['2002:c0a8:101:1::1', '6to4 of private'],
  ['2002:a9fe:a9fe::1', '6to4 of metadata'],
  // NAT64 well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback (hex)'],
  ['64:ff9b::a00:1', 'NAT64 of private'],
  ['64:ff9b:1:7f00:0:100::', 'local-use NAT64 /48 of loopback'],
  ['64:ff9b:1:a00:0:100::', 'local-use NAT64 /48 of private'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 without a valid /48 embedding'],
  // Teredo 2001:0::/32: server IPv4 in bits 32–63, client IPv4 inverted in the last 32 bits
  ['2001:0:7f00:1:8000:63bf:f7f7:f7f7', 'Teredo with a loopback server'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with a loopback client (~7f00:0001)'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo with a private client (~0a00:0001)'],
  ['2001::1', 'Teredo with unspecified server'],
  ['not-an-ip', 'not an address'],
  ['fe80::1%eth0', 'zone id'],
  ['', 'empty'],
];

const ALLOWED: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:82b::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'mapped public'],
  ['::ffff:808:808', 'mapped public (hex)'],
  ['::808:808', 'compatible public (hex)'],
  ['::ffff:0:8.8.8.8', 'translated public'],
  ['2002:808:808::1', '6to4 of public'],
  ['64:ff9b::8.8.8.8', 'NAT64 of public'],
  ['64:ff9b::808:808', 'NAT64 of public (hex)'],
  ['64:ff9b:1:808:8:800::', 'local-use NAT64 /48 of public'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo, public server 65.54.227.120 and public client 8.8.8.8'],
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(ALLOWED)('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it('judges the RFC 4380 Teredo example by its embedded addresses: client 192.0.2.45 is documentation space, so it is refused', () => {
    expect(embeddedIPv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe(false);
  });
});

describe('embeddedIPv4', () => {
  it.each([
    ['::ffff:7f00:1', ['127.0.0.1']],
    ['::7f00:1', ['127.0.0.1']],
    ['::ffff:0:a00:1', ['10.0.0.1']],
    ['2002:c0a8:101::1', ['192.168.1.1']],
    ['64:ff9b::a9fe:a9fe', ['169.254.169.254']],
    ['64:ff9b:1:808:8:800::', ['8.8.8.8']],
    ['2606:4700:4700::1111', null],
    ['8.8.8.8', null],
  ] as [string, string[] | null][])('%s carries %j', (address, v4) => {
    expect(embeddedIPv4(address)).toEqual(v4);
  });
});
