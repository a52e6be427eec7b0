/**
 * The dashboard stories' API (msw; network mocks live only in stories): the cards as
 * `GET /api/v1/dashboard` answers them, in the saved order, and `PUT /api/v1/dashboard/order`
 * keeping it (src/server/routes/dashboard.ts), with a log of what was sent.
 */
import { http, HttpResponse } from 'msw';
import { orderDashboard, type DashboardItem } from '../../../src/model';
import { DEMO_DASHBOARD_CARDS } from '../../../src/model/demo-records';
import { storyUser } from '../../screens';

/** The demo's cards (default order). Funnels 3 of 7 active is 42.86 %. */
export const storyCards: DashboardItem[] = [...DEMO_DASHBOARD_CARDS];

/** The API of `/`; `sent` collects every saved order; `refuse` answers the save with 403. */
export function dashboardHandlers(o: { cards?: DashboardItem[]; sent?: string[][]; refuse?: boolean; fail?: boolean } = {}) {
  let saved: string[] = [];
  const cards = o.cards ?? storyCards;
  return [
    http.get('/api/v1/me', () => HttpResponse.json(storyUser)),
    http.get('/api/v1/dashboard', () =>
      o.fail ? HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }) : HttpResponse.json(orderDashboard(cards, saved)),
    ),
    http.put('/api/v1/dashboard/order', async ({ request }) => {
      const { names } = (await request.json()) as { names: string[] };
      o.sent?.push(names);
      if (o.refuse) return HttpResponse.json({ message: 'Your role (operator) may not reorder own dashboard cards' }, { status: 403 });
      saved = names;
      return HttpResponse.json({ names });
    }),
  ];
}
