/** Bad-input cases of routes/users.ts: each route's valid shape, from which bad-input-specs.ts generates invalid requests. */
import fc from 'fast-check';
import { USER_SORTS } from '../../../src/model/index.ts';
import { notIn, badListQuery, type Spec } from './shared.ts';

const BAD_USER_QUERY = fc.oneof(
  notIn(['admin', 'operator', 'sticky', 'all', '']).map((v) => `role=${encodeURIComponent(v)}`),
  badListQuery(USER_SORTS),
);

/** The spec of each route of routes/users.ts, by `METHOD path`. */
export const SPECS: Record<string, Spec> = {
  'GET /api/v1/roles': {},
  'GET /api/v1/users': { badQuery: BAD_USER_QUERY },
  'GET /api/v1/users.csv': { badQuery: BAD_USER_QUERY },
  'POST /api/v1/users': { body: { name: 'U', email: 'u@example.com', password: 'Secret!234', role_id: 2 }, required: ['name', 'email', 'password', 'role_id'] },
  'PATCH /api/v1/users/{id}': { params: { id: '2' }, body: { name: 'X', email: 'x@example.com', role_id: 2, email_verified: true } },
  'DELETE /api/v1/users/{id}': { params: { id: '2' } },
};
