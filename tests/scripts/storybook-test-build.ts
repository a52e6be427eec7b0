/**
 * The static Storybook the story run tests: `storybook build --test` (Storybook's build for
 * test runs: no docs pages, no react-docgen, no source maps; about 65 CPU-s against 115 for the
 * full build) into `.tmp/storybook-test`, apart from `storybook-static/`, the full build with
 * docs that `npm run build-storybook` writes and the server hosts for designers — a test build
 * there would be served to them as fresh.
 */

/** Where `npm test` and `npm run test:stories` build it unless STORYBOOK_OUT says otherwise. */
export const STORY_TEST_BUILD_DIR = '.tmp/storybook-test';

/** The `storybook` arguments that build it into `out`. */
export function storybookTestBuildArgs(out: string): string[] {
  return ['build', '--test', '-o', out, '--quiet'];
}
