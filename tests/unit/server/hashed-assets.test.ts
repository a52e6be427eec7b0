/**
 * Which built files the server caches for a year: content-hashed assets only, with the SPA
 * build's 7-character hashes (vite.config.ts) and Storybook's 8.
 */
import { describe, expect, it } from 'vitest';
import { isHashedAsset } from '../../../src/server/static/files.ts';

describe('isHashedAsset', () => {
  it.each([
    '/assets/app-R2BBRbO.js',
    '/assets/DomainsScreen-wrW_vD-.js',
    '/assets/styles-Ab3dE9x.css',
    '/assets/iframe-D3adBeef.js',
    '/assets/fonts/inter-Xy12_ab.woff2',
  ])('caches %s for a year', (rel) => expect(isHashedAsset(rel)).toBe(true));
  it.each(['/index.html', '/assets/logo.svg', '/assets/app-R2BBRb.js', '/assets/app.js', '/favicon-R2BBRbO.ico', '/assets/app-R2BBRbO.js/x'])(
    'revalidates %s',
    (rel) => expect(isHashedAsset(rel)).toBe(false),
  );
});
