/**
 * Small server-rendered pages of the embedded issuer (login, logout, errors): plain HTML,
 * no external assets, accessible labels and live error region.
 */

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f5f9;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2333}
main{width:min(92vw,380px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px}
h1{font-size:1.4rem;margin:0 0 4px}p.lead{margin:0 0 24px;color:#5b6478}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #c5cbd8;border-radius:8px;font:inherit}
input:focus{outline:3px solid #9cc0ff;border-color:#2f6fed}
button{margin-top:24px;width:100%;padding:11px;border:0;border-radius:8px;background:#2f6fed;color:#fff;font-family:inherit;font-weight:600;font-size:1rem;line-height:1.2;cursor:pointer}
button:hover{background:#2458c4}button.secondary{background:#e6e9f0;color:#1c2333;margin-top:8px}
.error{margin:16px 0 0;padding:10px 12px;border-radius:8px;background:#fdecec;color:#a12020;font-weight:600}
.notice{margin:16px 0;padding:10px 12px;border-radius:8px;background:#fff4e0;color:#6b4300}
a.button{display:block;margin-top:24px;padding:11px;border-radius:8px;background:#2f6fed;color:#fff;font-weight:600;text-align:center;text-decoration:none}
a.button:hover{background:#2458c4}time{white-space:nowrap}
a{color:#2f6fed}`;

/** Wraps `body` (trusted HTML) in the issuer's page chrome. `title` must be plain text without markup. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Funnel Admin</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The sign-in error shown on a wrong e-mail or password (001 §8 "An authentication error shows Oops..."). */
export const LOGIN_ERROR = 'Oops... Wrong e-mail or password';

/** `n minute(s)`, at least 1, rounded up. */
const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** The refusal past the sign-in limits (429), e.g. 'Too many sign-in attempts. Try again in 15 minutes.' */
export function tooManyAttempts(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again in ${minutes(retryAfterSeconds)}.`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
/** A time as the notice shows it: `2026-03-02 10:02 UTC` (one zone for everyone: the page knows no time zone), kept on one line. */
const utc = (d: Date) => `<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`;

/**
 * The page an owner sees once, after signing in, when their account was locked since their
 * last sign-in: how many attempts failed, when, from which address, and a Continue
 * link to `continueUrl` (where the sign-in goes on to the app).
 */
export function lockNoticePage(
  notice: { failures: number; first_at: Date; last_at: Date; last_address: string; locked_until: Date },
  continueUrl: string,
): string {
  const n = notice.failures;
  return page(
    'Your account was locked',
    `<h1>Your account was locked</h1>
<p class="notice" role="alert" id="lock-notice">There ${n === 1 ? 'was 1 failed sign-in attempt' : `were ${n} failed sign-in attempts`} on your account between ${utc(notice.first_at)} and ${utc(notice.last_at)}, the last from ${esc(notice.last_address)}, so sign-in was locked until ${utc(notice.locked_until)}.</p>
<p>If this was not you, ask an admin to set you a new password.</p>
<a class="button" id="continue" href="${esc(continueUrl)}" autofocus>Continue</a>`,
  );
}

/**
 * The login form of interaction `uid`. It posts to `/interaction/<uid>` because the
 * interaction cookie is scoped to that path. `email` is pre-filled after a failure.
 */
export function loginPage(uid: string, opts: { email?: string; error?: string } = {}): string {
  const error = opts.error ? `<p class="error" role="alert" id="login-error">${esc(opts.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Funnel Admin</h1><p class="lead">Sign in with your work account.</p>${error}
<form method="post" action="/interaction/${esc(uid)}" autocomplete="on" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}"${opts.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''} autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${opts.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}
