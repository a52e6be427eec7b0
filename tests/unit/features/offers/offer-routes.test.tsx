/**
 * /offers/{id} without a tab opens the offer's first tab, as /funnels/{id} does (
 * item 1): the address becomes /offers/{id}/funnels.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { routes } from '../../../../src/features/offers/routes';
import { OFFER_TABS } from '../../../../src/model/constants';

afterEach(cleanup);

/** The slice's routes, each screen a stub (the redirect is what is tested). */
const stubbed: RouteObject[] = routes.map((r) => (r.lazy ? { path: r.path, element: <p>{r.path}</p> } : r));

describe('the offer routes', () => {
  it('send /offers/{id} to its first tab', async () => {
    const router = createMemoryRouter(stubbed, { initialEntries: ['/offers/10231'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/offers/10231/${OFFER_TABS[0]}`));
    expect(OFFER_TABS[0]).toBe('funnels');
  });
});
