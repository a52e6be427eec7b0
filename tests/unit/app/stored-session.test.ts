/**
 * The session read without the OIDC client (src/app/stored-session.ts, src/api/auth-session.ts):
 * what oidc-client-ts stored is a signed-in operator while its token is good, and anything else
 * in that place — nothing, not JSON, a user without a token — is no session.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUnexpired } from '../../../src/api/auth-session';
import { forgetStoredUser, hasAuthParams, readStoredUser, storedUserKey } from '../../../src/app/stored-session';

const config = { issuer: 'http://127.0.0.1:3000/oidc', client_id: 'funnel-admin', audience: 'api', scope: 'openid email' };
const key = storedUserKey(config);

/** localStorage as a browser has it: a string map (Node has none). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, String(v));
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('readStoredUser', () => {
  it('reads the key oidc-client-ts writes: oidc.user:<authority>:<client_id>', () => {
    expect(key).toBe('oidc.user:http://127.0.0.1:3000/oidc:funnel-admin');
  });

  it('returns the token, its expiry, the subject and e-mail, and the sign-in state', () => {
    const stored = {
      id_token: 'x.y.z',
      access_token: 'token-1',
      token_type: 'Bearer',
      expires_at: 2_000_000_000,
      profile: { sub: '7', email: 'ada@example.com', name: 'Ada' },
      state: { returnTo: '/offers' },
    };
    localStorage.setItem(key, JSON.stringify(stored));
    expect(readStoredUser(config)).toEqual({
      access_token: 'token-1',
      expires_at: 2_000_000_000,
      profile: { sub: '7', email: 'ada@example.com' },
      state: { returnTo: '/offers' },
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['no access token', JSON.stringify({ profile: { sub: '7' } })],
    ['a token that is not a string', JSON.stringify({ access_token: 42, profile: { sub: '7' } })],
    ['no profile', JSON.stringify({ access_token: 't' })],
    ['a profile without a subject', JSON.stringify({ access_token: 't', profile: { email: 'a@b.c' } })],
  ])('is null for %s', (_, raw) => {
    if (raw !== null) localStorage.setItem(key, raw);
    expect(readStoredUser(config)).toBeNull();
  });

  it('is null when storage cannot be read', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: storage is blocked');
      },
    });
    expect(readStoredUser(config)).toBeNull();
    expect(() => forgetStoredUser(config)).not.toThrow();
  });

  it('forgetStoredUser removes it', () => {
    localStorage.setItem(key, JSON.stringify({ access_token: 't', profile: { sub: '1' } }));
    forgetStoredUser(config);
    expect(readStoredUser(config)).toBeNull();
  });
});

describe('isUnexpired', () => {
  const now = 1_700_000_000_000;
  it('is true before expires_at and false at or after it (seconds, as oidc-client-ts stores it)', () => {
    expect(isUnexpired({ access_token: 't', profile: { sub: '1' }, expires_at: now / 1000 + 1 }, now)).toBe(true);
    expect(isUnexpired({ access_token: 't', profile: { sub: '1' }, expires_at: now / 1000 }, now)).toBe(false);
    expect(isUnexpired({ access_token: 't', profile: { sub: '1' }, expires_at: now / 1000 - 60 }, now)).toBe(false);
  });
  it('is true for a token without an expiry and false for no user', () => {
    expect(isUnexpired({ access_token: 't', profile: { sub: '1' } }, now)).toBe(true);
    expect(isUnexpired(null, now)).toBe(false);
  });
});

describe('hasAuthParams', () => {
  const at = (href: string) => new URL(href) as unknown as Location;
  it('sees the code flow answer in the query or the fragment', () => {
    expect(hasAuthParams(at('http://h/login/callback?code=abc&state=s1'))).toBe(true);
    expect(hasAuthParams(at('http://h/login/callback?error=access_denied&state=s1'))).toBe(true);
    expect(hasAuthParams(at('http://h/login/callback#code=abc&state=s1'))).toBe(true);
  });
  it('needs both a code (or error) and a state', () => {
    expect(hasAuthParams(at('http://h/login/callback?code=abc'))).toBe(false);
    expect(hasAuthParams(at('http://h/funnels?state=s1'))).toBe(false);
    expect(hasAuthParams(at('http://h/funnels'))).toBe(false);
  });
});
