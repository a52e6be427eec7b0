/**
 * /offers/{id} without a tab opens the offer's first tab, as /funnels/{id} does (
 * item 1): the address becomes /offers/{id}/funnels.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { routes } from '../../../../src/features/offers/routes';
import { OFFER_TABS } from '../../../../src/model/constants';

afterEach(cleanup);

/** The slice's routes, each screen a stub that shows its pattern and its child route (the redirects are what is tested). */
const stub = (r: RouteObject): RouteObject => {
  const children = r.children?.map(stub);
  if (!r.lazy) return { ...r, ...(children ? { children } : {}) } as RouteObject;
  return {
    path: r.path,
    element: (
      <>
        <p>{r.path}</p>
        <Outlet />
      </>
    ),
    ...(children ? { children } : {}),
  };
};
const stubbed: RouteObject[] = routes.map(stub);

describe('the offer routes', () => {
  it('send /offers/{id} to its first tab', async () => {
    const router = createMemoryRouter(stubbed, { initialEntries: ['/offers/10231'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/offers/10231/${OFFER_TABS[0]}`));
    expect(OFFER_TABS[0]).toBe('funnels');
  });

  it('have a child route per tab under the offer page, and keep an unknown tab inside the page (which sends it on)', async () => {
    const router = createMemoryRouter(stubbed, { initialEntries: ['/offers/10231/campaign'] });
    const matched = () => router.state.matches.map((m) => m.route.path);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(matched()).toEqual(['offers/:id', 'campaign']));
    await router.navigate('/offers/10231/no-such-tab');
    await waitFor(() => expect(matched()).toEqual(['offers/:id', '*']));
  });
});
