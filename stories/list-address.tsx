/**
 * The address a paged list story is at, and a Back button: the list keeps its search, sort and
 * page in the URL (inside the preview's MemoryRouter), so a play function can read it and go
 * back as a browser would.
 */
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AtRoute } from './screens';

/** Shows the current search of the address (`?q=…&sort=…`) and goes back one history entry. */
export function AddressBar() {
  const loc = useLocation();
  const navigate = useNavigate();
  return (
    <p>
      <output aria-label="Address">{loc.pathname + loc.search}</output>{' '}
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </p>
  );
}

/** `children` at `path` (opened there) with the {@link AddressBar} below: how a paged list story renders its screen. */
export function ListRoute({ path, children }: { path: string; children: ReactNode }) {
  return (
    <>
      <AtRoute path={path} url={path}>
        {children}
      </AtRoute>
      <AddressBar />
    </>
  );
}
