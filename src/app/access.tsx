/**
 * Roles in the SPA (001 §6): what the signed-in role may open and do, read from the
 * same policy table the API enforces (src/model/policy.ts). Routes a role may not open show
 * {@link NoAccess}; the side menu lists only what it may open; buttons it may not use are not
 * shown (`useCan` in src/api). The role comes from `GET /api/v1/me` (read on each request by the API).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useRole } from '../api';
import { NoAccess } from '../features/auth/components/NoAccess';
import { canOpenScreen, homePathFor, sideMenuFor, type RoleName, type ScreenPattern } from '../model';
import { Skeleton } from '../ui/Skeleton';

/** The first page `role` may open, with its menu label (for {@link NoAccess}). */
export function homeOf(role: RoleName): { to: string; label: string } {
  const to = homePathFor(role);
  return { to, label: sideMenuFor(role).find((e) => e.to === to)?.label ?? 'Status' };
}

const Loading = () => <Skeleton label="Loading…" />;

/**
 * Renders `children` when the signed-in role may open the screen of route `screen` (its
 * actions in SCREENS), else "You do not have access to this page".
 */
export function RequireScreen({ screen, children }: { screen: ScreenPattern; children: ReactNode }) {
  const role = useRole();
  if (role === null) return <Loading />;
  if (!canOpenScreen(role, screen)) return <NoAccess home={homeOf(role)} />;
  return <>{children}</>;
}

/**
 * `/`: the dashboard for roles that may read it; any other role goes to its first page (the
 * sticky account lands on /sticky, after sign-in too).
 */
export function HomeRoute({ children }: { children: ReactNode }) {
  const role = useRole();
  if (role === null) return <Loading />;
  if (!canOpenScreen(role, '')) return <Navigate to={homePathFor(role)} replace />;
  return <>{children}</>;
}
