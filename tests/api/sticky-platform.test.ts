/**
 * ORDER_PLATFORM=sticky (issue 28): the configuration stops the server at start naming a
 * missing or malformed Sticky.io variable and never shows a credential.
 */
import util from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

const USER = 'funnel-admin-api';
const PASSWORD = 'S3cret-Sticky-Password_0123456789';
const URL_OK = 'https://myshop.sticky.io';

/** The message `fn` throws ('' when it does not). */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

describe('ORDER_PLATFORM=sticky configuration', () => {
  it('the server refuses to start without the account address, naming the variable', async () => {
    await expect(startServer({ env: { ORDER_PLATFORM: 'sticky', STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD }, config: { port: 0, dataDir: ':memory:' } }))
      .rejects.toThrow(/STICKY_API_URL is not set/);
  });

  it('a missing or malformed variable is refused by name, without echoing a credential', () => {
    const env = { ORDER_PLATFORM: 'sticky', STICKY_API_URL: URL_OK, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD };
    expect(thrown(() => loadConfig({ ...env, STICKY_API_URL: 'ftp://myshop.sticky.io' }))).toMatch(/^STICKY_API_URL must be the https address/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_URL: 'http://myshop.sticky.io' }))).toMatch(/^STICKY_API_URL must be the https address/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_USERNAME: '' }))).toMatch(/^STICKY_API_USERNAME is not set/);
    expect(thrown(() => loadConfig({ ...env, STICKY_API_PASSWORD: undefined }))).toMatch(/^STICKY_API_PASSWORD is not set/);
    const badUser = 'user:with-colon';
    const m1 = thrown(() => loadConfig({ ...env, STICKY_API_USERNAME: badUser }));
    expect(m1).toMatch(/^STICKY_API_USERNAME is malformed/);
    expect(m1).not.toContain(badUser);
    const badPassword = 'has spaces and is secret';
    const m2 = thrown(() => loadConfig({ ...env, STICKY_API_PASSWORD: badPassword }));
    expect(m2).toMatch(/^STICKY_API_PASSWORD is malformed/);
    expect(m2).not.toContain(badPassword);
  });

  it('with all three the settings hold the credentials hidden; other platforms have none', () => {
    const c = loadConfig({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: 'http://127.0.0.1:9/', STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD });
    expect(c.orderPlatform).toBe('sticky');
    expect(c.sticky?.apiUrl).toBe('http://127.0.0.1:9');
    expect(c.sticky?.username.reveal()).toBe(USER);
    for (const shown of [JSON.stringify(c), util.inspect(c, { depth: 10 }), String(c.sticky?.password)]) {
      expect(shown).not.toContain(PASSWORD);
      expect(shown).not.toContain(USER);
    }
    expect(loadConfig({}).sticky).toBeNull();
  });
});
