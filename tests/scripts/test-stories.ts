/**
 * Story interaction and accessibility tests: builds the static Storybook, serves it on a
 * free loopback port and runs @storybook/test-runner against it in Debian's Chromium.
 * Extra arguments go to the test-runner (e.g. a story file path, `--json --outputFile FILE`).
 */
import { bin, freePort, run, start, stop, waitForUrl } from './proc';

async function main(): Promise<number> {
  // STORYBOOK_OUT lets two runs on one machine build side by side.
  const out = process.env.STORYBOOK_OUT ?? 'storybook-static';
  const built = await run(bin('storybook'), ['build', '-o', out, '--quiet']);
  if (built !== 0) return built;
  const port = await freePort();
  const server = start(bin('http-server'), [out, '-p', String(port), '-a', '127.0.0.1', '-s']);
  try {
    await waitForUrl(`http://127.0.0.1:${port}/index.json`);
    return await run(bin('test-storybook'), ['--url', `http://127.0.0.1:${port}`, '--config-dir', '.storybook', '--maxWorkers=2', ...process.argv.slice(2)]);
  } finally {
    stop(server);
  }
}

main().then((code) => process.exit(code), (e) => { console.error(e); process.exit(1); });
