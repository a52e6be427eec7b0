/**
 * The signed-in user and role (001 §6), shared by every slice: `GET /api/v1/me` is read once
 * and cached; what a role may do comes from the same policy table the API enforces
 * (src/model/policy.ts), so buttons a role may not use are not shown.
 */
import { useQuery } from '@tanstack/react-query';
import { can, SESSION_ROUTES, type Action, type RoleName } from '../model';
import { call } from './call';
import { keys } from './keys';

/** `GET /api/v1/me`, parsed. Errors are not notified: the route's error overlay shows them. @throws ApiError, AnswerShapeError */
export const fetchMe = () => call(SESSION_ROUTES.me, { notify: false });

/** The signed-in user (cached). */
export const useMe = () => useQuery({ queryKey: keys.me, queryFn: fetchMe });

/** The signed-in user's role: null while `GET /api/v1/me` is loading. @throws its error (the route's error overlay). */
export function useRole(): RoleName | null {
  const me = useMe();
  if (me.isError) throw me.error;
  return me.data?.role ?? null;
}

/** True when the signed-in role may perform `action` (false while the role is loading). */
export function useCan(action: Action): boolean {
  const role = useRole();
  return role !== null && can(role, action);
}
