import preview from '../../.storybook/preview';
import { createElement, type ComponentType } from 'react';
import { Link, useRoutes, type RouteObject } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { routes as campaigns } from '../../src/features/campaigns/routes';
import { routes as categories } from '../../src/features/categories/routes';
import { routes as dashboard } from '../../src/features/dashboard/routes';
import { routes as domains } from '../../src/features/domains/routes';
import { routes as funnels } from '../../src/features/funnels/routes';
import { routes as offers } from '../../src/features/offers/routes';
import { routes as orders } from '../../src/features/orders/routes';
import { routes as pageEditor } from '../../src/features/page-editor/routes';
import { routes as products } from '../../src/features/products/routes';
import { routes as scrubs } from '../../src/features/scrubs/routes';
import { routes as shipping } from '../../src/features/shipping/routes';
import { routes as status } from '../../src/features/status/routes';
import { routes as sticky } from '../../src/features/sticky/routes';
import { routes as templateEditor } from '../../src/features/template-editor/routes';
import { routes as templates } from '../../src/features/templates/routes';
import { routes as users } from '../../src/features/users/routes';
import { screenHandlers } from '../screens';

/** Every slice's `routes.tsx`, as src/app/router.tsx combines them (there behind the policy check). */
const SLICES = [
  dashboard,
  funnels,
  pageEditor,
  offers,
  domains,
  templateEditor,
  campaigns,
  scrubs,
  products,
  templates,
  users,
  categories,
  orders,
  shipping,
  sticky,
  status,
].flat();

/** A slice route with its lazy screen (and its child routes') loaded, as the data router does on first visit. */
async function resolved(r: RouteObject): Promise<RouteObject> {
  let element = r.element;
  if (typeof r.lazy === 'function') {
    const { Component } = await r.lazy();
    element = Component ? createElement(Component as ComponentType) : null;
  }
  if (r.index || r.path === '') return { index: true, element };
  return { path: r.path, element, children: r.children ? await Promise.all(r.children.map(resolved)) : undefined };
}

/** Where each address of the side menu and the funnel pages leads. */
const VISITS: { to: string; shows: (c: ReturnType<typeof within>) => Promise<unknown> }[] = [
  { to: '/', shows: (c) => c.findByRole('list', { name: 'Dashboard cards' }, { timeout: 5000 }) },
  { to: '/funnels', shows: (c) => c.findByRole('table', { name: 'Funnels' }, { timeout: 5000 }) },
  { to: '/funnels/1', shows: (c) => c.findByRole('heading', { level: 1, name: 'GlowSkin Summer' }, { timeout: 5000 }) },
  { to: '/funnels/1/pages/11', shows: (c) => c.findByRole('link', { name: 'GlowSkin Summer' }, { timeout: 5000 }) },
  { to: '/offers', shows: (c) => c.findByRole('heading', { level: 1, name: 'Offers' }, { timeout: 5000 }) },
  { to: '/offers/1/products', shows: (c) => c.findByRole('heading', { level: 1, name: 'GlowSkin Serum' }, { timeout: 5000 }) },
  { to: '/domains', shows: (c) => c.findByText('No Domains added', {}, { timeout: 5000 }) },
  { to: '/template-editor', shows: (c) => c.findByRole('table', { name: 'Funnels' }, { timeout: 5000 }) },
  { to: '/template-editor/11', shows: (c) => c.findByRole('region', { name: 'Template editor' }, { timeout: 5000 }) },
  { to: '/campaigns/1', shows: (c) => c.findByRole('heading', { level: 1, name: 'Campaign 12001' }, { timeout: 5000 }) },
  { to: '/scrubs/1', shows: (c) => c.findByRole('heading', { level: 1, name: 'Scrub for affiliate 1001' }, { timeout: 5000 }) },
  // Without a product in the router state the detail goes to the list (001 §2).
  { to: '/products/1', shows: (c) => c.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 5000 }) },
  { to: '/templates', shows: (c) => c.findByRole('heading', { level: 1, name: 'Templates' }) },
  { to: '/users', shows: (c) => c.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 }) },
  { to: '/categories', shows: (c) => c.findByRole('heading', { level: 1, name: 'Categories' }) },
  { to: '/orders', shows: (c) => c.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 5000 }) },
  { to: '/shipping', shows: (c) => c.findByRole('heading', { level: 1, name: 'Shipping' }) },
  { to: '/sticky', shows: (c) => c.findByRole('heading', { level: 1, name: 'Sticky' }) },
  { to: '/status', shows: (c) => c.findByText('pglite', {}, { timeout: 5000 }) },
];

/** The slices' routes with a link to each address, the way the side menu reaches them. */
function SliceRoutes({ routes }: { routes: RouteObject[] }) {
  const screen = useRoutes([...routes, { path: '*', element: <p>No route</p> }]);
  return (
    <>
      <nav aria-label="Addresses">
        {VISITS.map((v) => (
          <Link key={v.to} to={v.to} style={{ marginRight: 8 }}>
            {v.to}
          </Link>
        ))}
      </nav>
      <section aria-label="Screen">{screen}</section>
    </>
  );
}

const meta = preview.meta({
  title: 'App/Routes',
  component: SliceRoutes,
  args: { routes: [] },
  loaders: [async () => ({ slices: await Promise.all(SLICES.map(resolved)) })],
  render: (_args, { loaded }) => <SliceRoutes routes={(loaded as { slices: RouteObject[] }).slices} />,
  parameters: { msw: { handlers: screenHandlers() } },
});

/** Every address of 001 §2 leads to its slice's screen. */
export const EveryAddress = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step("Follow each slice's link: its screen shows", async () => {
      const screen = within(canvas.getByRole('region', { name: 'Screen' }));
      for (const v of VISITS) {
        await userEvent.click(canvas.getByRole('link', { name: v.to }));
        await expect(await v.shows(screen)).toBeVisible();
      }
    });
  },
});
