/**
 * Blocked users / order-decline rules of a funnel (000 §3 Block form; 001 §3, §7 "Block
 * User" tab): list, create, replace, delete. user_ip must be an IP (000 §5); at least one
 * of IP, country, e-mail or phone. A locked funnel refuses changes (423).
 */
import { type Blocker } from '../../model/blockers.ts';
import { BLOCKER_ROUTES } from '../../model/contracts/children.ts';
import { blockers } from '../db/schema.ts';
import { errors } from '../http.ts';
import { routes } from './common.ts';
import { onChildCreate, onChildDelete, onChildList, onChildReplace, type FunnelChild } from './funnel-children.ts';

const tags = ['Blockers'];
type Row = typeof blockers.$inferSelect;
const toBlocker = (r: Row): Blocker => ({ ...r, UpdatedAt: r.UpdatedAt.toISOString() });

/** The blocked users as the funnel child routes store and answer them. */
const BLOCKER: FunnelChild<Row, Blocker> = { table: blockers, what: 'Blocker', read: 'blockers.read', write: 'blockers.write', toAnswer: toBlocker };

/** Blocker routes. */
export const blockerRoutes = routes((app, db) => {
  onChildList(app, db, BLOCKER, {
    contract: BLOCKER_ROUTES.ofFunnel,
    operationId: 'listFunnelBlockers',
    tags,
    summary: 'Blocked users of a funnel',
    answered: 'Blockers',
  });

  onChildCreate(app, db, BLOCKER, {
    contract: BLOCKER_ROUTES.create,
    operationId: 'createBlocker',
    tags,
    summary: 'Block a user (IP, country, e-mail or phone) or set an order-decline limit',
    answered: 'The blocker',
    errors: errors(404, 422, 423),
  });

  onChildReplace(app, db, BLOCKER, {
    contract: BLOCKER_ROUTES.update,
    operationId: 'updateBlocker',
    tags,
    summary: 'Replace a blocker',
    answered: 'The blocker',
    errors: errors(404, 422, 423),
  });

  onChildDelete(app, db, BLOCKER, {
    contract: BLOCKER_ROUTES.remove,
    operationId: 'deleteBlocker',
    tags,
    summary: 'Delete a blocker',
    errors: errors(404, 422, 423),
  });
});
