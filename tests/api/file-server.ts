/**
 * The test server most API test files share: one per file (or describe block), started
 * before its tests and closed after them. Kept out of helpers.ts, which the benchmarks load
 * outside vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './helpers.ts';

/**
 * Starts a test server ({@link startTestServer} with `opts`) before the tests of the file or
 * describe block it is called in, and closes it after them.
 * @returns the server as a {@link TestServer} that stands for the started one: its fields and
 * methods throw until `beforeAll` has started it, so read them in tests and hooks only.
 */
export function serverForTests(opts?: TestServerOptions): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(opts);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestServer => {
    if (!started) throw new Error('The test server is not started yet: use it in a test or a hook');
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get url() {
      return current().url;
    },
    get sitesDir() {
      return current().sitesDir;
    },
    get token() {
      return current().token;
    },
    api: (method, p, o) => current().api(method, p, o),
    tokenOf: (role) => current().tokenOf(role),
    upload: (p, files, o) => current().upload(p, files, o),
    close: () => current().close(),
  };
}
