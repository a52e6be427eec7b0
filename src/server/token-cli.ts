/**
 * `npm run token -- <email>`: prints an access token for <email> on stdout (nothing else),
 * signed by the embedded issuer of this DATA_DIR, for curl and scripts:
 *   curl -H "Authorization: Bearer $(npm run -s token -- admin@example.com)" http://127.0.0.1:3000/api/v1/funnels
 * Talks to the server at PUBLIC_URL when one runs; otherwise starts the app in-process on
 * PORT against the same data directory just long enough to sign in.
 * Password: TOKEN_PASSWORD, else the demo account's password, else one line from stdin.
 */
import readline from 'node:readline';
import { getToken } from './auth/headless-login.ts';
import { ConfigError, isEmbeddedIssuer, isMemoryDir, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DEMO_USERS } from './db/seed.ts';
import { startServer } from './server.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(email: string): Promise<string> {
  const demo = Object.values(DEMO_USERS).find((u) => u.email === email.toLowerCase());
  if (process.env.TOKEN_PASSWORD) return process.env.TOKEN_PASSWORD;
  if (demo) return demo.password;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  process.stderr.write(`Password for ${email}: `);
  const line = await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')));
  rl.close();
  return line;
}

async function serverRunning(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

const email = process.argv[2];
if (!email || email.startsWith('-')) fail('Usage: npm run token -- <email>   (prints an access token for that user)');
let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) fail(e.message);
  throw e;
}
if (!isEmbeddedIssuer(config)) {
  fail(`OIDC_ISSUER is ${config.oidcIssuer}, not this server's embedded issuer: get a token from that identity provider instead.`);
}
if (isMemoryDir(config.dataDir)) fail('DATA_DIR is :memory:, so no server could ever accept the token. Use a real data directory.');

const password = await readPassword(email);
try {
  let token: string;
  if (await serverRunning(config.publicUrl)) {
    token = await getToken(config.publicUrl, email, password);
  } else {
    const server = await startServer({ config: { port: config.port } });
    try {
      token = await getToken(server.url, email, password);
    } finally {
      await server.close();
    }
  }
  process.stdout.write(`${token}\n`);
  process.exit(0);
} catch (e) {
  if (e instanceof DataDirLockedError) {
    fail(`${e.message}\n(The server holding it does not answer at ${config.publicUrl}: is PUBLIC_URL right?)`);
  }
  fail(`Could not get a token: ${(e as Error).message}`);
}
