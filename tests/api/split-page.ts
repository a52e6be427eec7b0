/**
 * Runs a published split page's script outside a browser, as the publish tests check where it
 * sends a visitor.
 */
import vm from 'node:vm';

/**
 * Where a published split page sends a visitor: its `script` runs with the `rulesText` of its
 * `#split-rules` JSON, the visitor's query `search`, and `Math.random()` giving `draw`.
 * @returns the URL the script passes to `location.replace`, or null when it sends nowhere.
 * @throws whatever the script throws.
 */
export function splitDestination(script: string, rulesText: string | undefined, search: string, draw: number): string | null {
  let to: string | null = null;
  vm.runInNewContext(script, {
    document: { getElementById: () => ({ textContent: rulesText }) },
    location: {
      search,
      replace: (u: string) => {
        to = u;
      },
    },
    URLSearchParams,
    Number,
    String,
    JSON,
    Math: { random: () => draw, min: Math.min },
  });
  return to;
}
