/** SITES_CACHE_MB (src/server/config.ts): megabytes of release objects kept in memory, 0 to 65,536; anything else stops the start with the variable's name. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITES_CACHE_MB, sitesCacheMbOf } from '../../../src/server/config';

describe('SITES_CACHE_MB', () => {
  it('defaults when unset or empty, and takes whole megabytes from 0', () => {
    expect(sitesCacheMbOf(undefined)).toBe(DEFAULT_SITES_CACHE_MB);
    expect(sitesCacheMbOf(' ')).toBe(DEFAULT_SITES_CACHE_MB);
    expect(sitesCacheMbOf('0')).toBe(0);
    expect(sitesCacheMbOf('256')).toBe(256);
    expect(sitesCacheMbOf('65536')).toBe(65_536);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['-1', '1.5', '64MB', '65537', '1e3'])
      expect(() => sitesCacheMbOf(bad), bad).toThrow(/^SITES_CACHE_MB must be a whole number of megabytes from 0 to 65536/);
  });
});
