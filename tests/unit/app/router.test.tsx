/**
 * The router only combines the slices' routes: every shell route is a SCREENS entry
 * of the policy table, loads lazily behind its policy check, and a path the table does not
 * know is refused when the app starts.
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { guarded, routes } from '../../../src/app/router';
import { SCREENS } from '../../../src/model';
import { routeDocs } from '../../../src/app/editing/route-docs';

/** Every route below the shell's layout routes. */
function screensOf(table: RouteObject[]): RouteObject[] {
  const shell = table.find((r) => r.path === undefined && r.children);
  const inner = shell?.children?.[0]?.children?.[0]?.children ?? [];
  return inner.filter((r) => r.path !== '*');
}

describe('the route table', () => {
  it('has every SCREENS pattern once, each lazy', () => {
    const list = screensOf(routes);
    const patterns = list.map((r) => (r.index ? '' : r.path));
    expect([...patterns].sort()).toEqual(Object.keys(SCREENS).sort());
    expect(list.every((r) => typeof r.lazy === 'function')).toBe(true);
  });

  it('refuses a slice route the policy table does not know', () => {
    expect(() => guarded({ path: 'reports' })).toThrow('Route "reports" has no entry in the policy table\'s SCREENS');
  });
});

/** The shell's editor bar on a screen the role may not open. */
describe('the documents a route edits', () => {
  const funnelTab = () => {
    const shell = routes.find((r) => r.path === undefined && r.children);
    const inner = shell?.children?.[0]?.children?.[0]?.children ?? [];
    const r = inner.find((x) => x.path === 'funnels/:id');
    return { id: 'funnel-tab', pathname: '/funnels/1/pages', params: { id: '1', tab: 'pages' }, data: undefined, loaderData: undefined, handle: r?.handle };
  };

  it("are the screen's for a role that may open it", () => {
    expect(routeDocs([funnelTab()], 'admin')).toEqual(['funnel:1']);
  });

  it('are none for a role refused the screen: the sticky account sees no editor bar above "You do not have access"', () => {
    expect(routeDocs([funnelTab()], 'sticky')).toEqual([]);
  });
});
