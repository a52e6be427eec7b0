/**
 * The signed-in user (001 §6): the one route every signed-in screen reads first, apart from
 * the other system routes (contracts/system.ts) so the shell loads none of their schemas.
 */
import { contract } from '../contract';
import { SessionUserSchema } from '../users';

/** The session routes. */
export const SESSION_ROUTES = {
  /** The signed-in user and role. */
  me: contract({ method: 'get', path: '/api/v1/me', answer: SessionUserSchema }),
};
