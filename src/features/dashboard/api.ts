/**
 * The dashboard slice's calls (001 §7 "GET /api/v1/dashboard"; the order is kept per
 * user on the server): the cards in the signed-in user's order, and `PUT
 * /api/v1/dashboard/order` with the new order. A reorder shows at once (optimistic) and is rolled
 * back if the server refuses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api';
import { DASHBOARD_CARDS, orderDashboard, SYSTEM_ROUTES, type DashboardCardName, type DashboardItem } from '../../model';

/** True for a card the server knows (the names come from its own answer, so none is dropped in practice). */
const isCard = (name: string): name is DashboardCardName => (DASHBOARD_CARDS as readonly string[]).includes(name);

/** The slice's query key. */
export const dashboardKeys = { cards: ['dashboard'] as const };

/**
 * The calls as plain functions.
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const dashboardCalls = {
  /** `GET /api/v1/dashboard`: `{name, active, total}` per card, in the user's order. */
  cards: () => call(SYSTEM_ROUTES.dashboard, {}),
  /** `PUT /api/v1/dashboard/order` with every card's name, first card first. */
  saveOrder: (names: string[]) => call(SYSTEM_ROUTES.dashboardOrder, { body: { names: names.filter(isCard) } }),
};

/** The dashboard cards. */
export const useDashboard = () => useQuery({ queryKey: dashboardKeys.cards, queryFn: dashboardCalls.cards });

/** Saves a new card order: the cards move at once; a refusal puts them back (the client has shown why). */
export function useSaveDashboardOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: dashboardCalls.saveOrder,
    onMutate: async (names: string[]) => {
      await qc.cancelQueries({ queryKey: dashboardKeys.cards });
      const before = qc.getQueryData<DashboardItem[]>(dashboardKeys.cards);
      if (before) qc.setQueryData(dashboardKeys.cards, orderDashboard(before, names));
      return { before };
    },
    onError: (_e, _names, ctx) => {
      if (ctx?.before) qc.setQueryData(dashboardKeys.cards, ctx.before);
    },
  });
}
