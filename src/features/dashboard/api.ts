/**
 * The dashboard slice's calls (001 §7 "GET /api/v1/dashboard"; the order is kept per
 * user on the server): the cards in the signed-in user's order, and `PUT
 * /api/v1/dashboard/order` with the new order. A reorder shows at once (optimistic) and is rolled
 * back if the server refuses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestParsed } from '../../api';
import { DashboardItemSchema, DashboardOrderSchema, orderDashboard, type DashboardItem } from '../../model';

/** The slice's query key. */
export const dashboardKeys = { cards: ['dashboard'] as const };

/**
 * The calls as plain functions.
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const dashboardCalls = {
  /** `GET /api/v1/dashboard`: `{name, active, total}` per card, in the user's order. */
  cards: () => requestParsed(z.array(DashboardItemSchema), 'GET', '/api/v1/dashboard'),
  /** `PUT /api/v1/dashboard/order` with every card's name, first card first. */
  saveOrder: (names: string[]) => requestParsed(DashboardOrderSchema, 'PUT', '/api/v1/dashboard/order', { body: { names } }),
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
