/**
 * Our own login page for the embedded issuer at `/interaction/:uid` (outside `/oidc`).
 * GET shows the form (or finishes a consent prompt for the first-party SPA at once);
 * POST checks the e-mail and bcrypt password against `users` and completes login + consent.
 *
 * A POST counts against the account's and the address's limits before its password
 * is checked (sign-in-limits.ts: 429 with `Retry-After` and the wait in words past them), the
 * bcrypt check runs in a worker thread (passwords.ts), and an owner whose account was locked
 * is shown the lock once, on a page between their next sign-in and the app.
 *
 * Source: oidc-provider 9 (interactionResult with login and consent grant, 303).
 */
import type { HttpBindings } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import Provider, { errors } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { WorkerBusyError } from '../workers.ts';
import { DUMMY_HASH, verifyPassword } from './passwords.ts';
import { LOGIN_ERROR, lockNoticePage, loginPage, page, tooManyAttempts } from './pages.ts';
import { attemptEnded, attemptFailed, attemptKeys, beginAttempt, takeNotice } from './sign-in-limits.ts';

type Env = { Bindings: HttpBindings };
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Largest login form accepted (an e-mail and a password; bcrypt reads 72 bytes of it anyway). */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The client's address: the socket's, or behind the TLS proxy PUBLIC_URL implies (the
 * provider trusts proxy headers then) the last X-Forwarded-For hop, the one that proxy saw.
 */
function clientAddress(c: Context<Env>, behindProxy: boolean): string {
  const forwarded = behindProxy ? c.req.header('X-Forwarded-For')?.split(',').pop()?.trim() : undefined;
  return forwarded || c.env.incoming.socket.remoteAddress || '';
}

/** `v` when it is a string (a request parameter or form field), else `fallback`. */
const text = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);

/** Saves a grant covering everything the authorization request asked for. */
async function grantFor(provider: Provider, details: Interaction, accountId: string): Promise<string> {
  const { params } = details;
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId: String(params.client_id) }))
    : new provider.Grant({ accountId, clientId: String(params.client_id) });
  const d = (details.prompt.details ?? {}) as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const requested = text(params.scope, 'openid');
  grant.addOIDCScope(d.missingOIDCScope?.join(' ') ?? requested);
  if (d.missingOIDCClaims?.length) grant.addOIDCClaims(d.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(d.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

/** Hono sub-app with the interaction routes; mount at the root (paths start with `/interaction`). */
export function interactionRoutes(provider: Provider, db: Db, audience: string): Hono<Env> {
  const app = new Hono<Env>();
  const html = (c: Context<Env>, body: string, status: 200 | 400 | 401 | 411 | 413 | 429 | 503 = 200) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Frame-Options', 'DENY');
    return c.html(body, status);
  };
  const sessionGone = (c: Context<Env>) =>
    html(
      c,
      page(
        'Sign-in expired',
        '<h1>Oops...</h1><p role="alert">Your sign-in session has expired. Please start again.</p><p><a href="/login">Back to sign in</a></p>',
      ),
      400,
    );

  /** The interaction behind `:uid`, or null when its session is gone or belongs to another uid. */
  const interaction = async (c: Context<Env>): Promise<Interaction | null> => {
    try {
      const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
      return details.uid === c.req.param('uid') ? details : null;
    } catch (e) {
      if (e instanceof errors.SessionNotFound) return null;
      throw e;
    }
  };

  app.get('/interaction/:uid', async (c) => {
    const details = await interaction(c);
    if (!details) return sessionGone(c);
    if (details.prompt.name === 'login') return html(c, loginPage(details.uid));
    // First-party client: consent is implied once the user signed in.
    const accountId = details.session?.accountId;
    if (!accountId) return html(c, loginPage(details.uid));
    const grantId = await grantFor(provider, details, accountId);
    const to = await provider.interactionResult(c.env.incoming, c.env.outgoing, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return c.redirect(to, 303);
  });

  app.post('/interaction/:uid', async (c) => {
    const length = c.req.header('Content-Length');
    if (length === undefined) return html(c, page('Sign in', '<h1>Oops...</h1><p role="alert">The sign-in form must be sent with its length.</p>'), 411);
    if (Number(length) > MAX_FORM_BYTES) return html(c, page('Sign in', '<h1>Oops...</h1><p role="alert">The sign-in form is too large.</p>'), 413);
    const details = await interaction(c);
    if (!details) return sessionGone(c);
    const form = await c.req.parseBody();
    // A field sent as a file part is no text: treated as missing.
    const email = text(form.email, '').trim();
    const password = text(form.password, '');
    const keys = attemptKeys(email, clientAddress(c, provider.proxy));
    const gate = await beginAttempt(db, keys);
    if (!gate.ok) {
      c.header('Retry-After', String(gate.retryAfterSeconds));
      return html(c, loginPage(details.uid, { email, error: tooManyAttempts(gate.retryAfterSeconds) }), 429);
    }
    const [user] = email
      ? await db
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      : [];
    let ok: boolean;
    try {
      // In a worker: bcrypt takes ~70 ms of CPU, which no other request should wait behind.
      ok = await verifyPassword(password, user?.password ?? DUMMY_HASH);
    } catch (e) {
      await attemptEnded(db, keys, false);
      if (!(e instanceof WorkerBusyError)) throw e;
      c.header('Retry-After', '5');
      return html(c, loginPage(details.uid, { email, error: 'Too many people are signing in right now. Try again in a few seconds.' }), 503);
    }
    if (!user || !ok) {
      await attemptFailed(db, keys);
      return html(c, loginPage(details.uid, { email, error: LOGIN_ERROR }), 401);
    }
    await attemptEnded(db, keys, true);
    const accountId = String(user.user_id);
    // Grant the OIDC scopes and the API resource in the same step: one redirect less.
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(text(details.params.scope, 'openid'));
    grant.addResourceScope(audience, text(details.params.scope, ''));
    const grantId = await grant.save();
    const to = await provider.interactionResult(
      c.env.incoming,
      c.env.outgoing,
      {
        login: { accountId, remember: true },
        consent: { grantId },
      },
      { mergeWithLastSubmission: false },
    );
    // The owner hears of a lock of their account once, before the app opens.
    const notice = await takeNotice(db, user.user_id);
    if (notice) return html(c, lockNoticePage(notice, to));
    return c.redirect(to, 303);
  });
  return app;
}
