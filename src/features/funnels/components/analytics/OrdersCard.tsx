/**
 * The pages' checkout submits beside the orders the order platform reports for the funnel over
 * the same days, with the gap named in the server's words (blocked scripts, Do Not Track, or
 * orders placed elsewhere make them differ).
 */
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import { Box, styles as s } from '../../../../ui';
import * as css from './analytics.css';
import { count } from './format';

/** Props of {@link OrdersCard}: the answer's `orders`. */
export interface OrdersCardProps {
  orders: FunnelAnalytics['orders'];
}

/** See the module comment. */
export function OrdersCard({ orders }: OrdersCardProps) {
  return (
    <Box as="section" className={s.card} aria-labelledby="orders-vs-events">
      <Box as="h3" id="orders-vs-events" margin="none">
        Checkout submits and orders
      </Box>
      <table className={s.table} style={{ marginTop: 12 }}>
        <caption className={css.caption}>Page events beside the platform&apos;s orders</caption>
        <tbody>
          <tr>
            <th scope="row" className={`${s.td} ${css.rowHead}`}>
              Checkout submits (page events)
            </th>
            <td className={`${s.td} ${css.num}`}>{count(orders.checkout_submits)}</td>
          </tr>
          <tr>
            <th scope="row" className={`${s.td} ${css.rowHead}`}>
              Orders (order platform)
            </th>
            <td className={`${s.td} ${css.num}`}>{count(orders.orders)}</td>
          </tr>
          <tr>
            <th scope="row" className={`${s.td} ${css.rowHead}`}>
              Gap
            </th>
            <td className={`${s.td} ${css.num}`}>{count(orders.gap)}</td>
          </tr>
        </tbody>
      </table>
      <Box as="p" marginTop="sm" marginBottom="none" data-testid="orders-gap">
        {orders.message}
      </Box>
    </Box>
  );
}
