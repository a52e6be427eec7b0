/**
 * The plain screen of a route the signed-in role may not open (roles of 001 §6,
 * the shared policy table in src/model/policy.ts): says so, and links back to the first page
 * the role may open — instead of a screen that hangs on refused requests or errors.
 */
import { Link } from 'react-router-dom';
import { Box } from '../../../ui';
import { noAccess } from './auth.css';

/** The heading of the screen, word for word. */
export const NO_ACCESS = 'You do not have access to this page';

/** Props of {@link NoAccess}. */
export interface NoAccessProps {
  /** The first page the role may open (`homePathFor(role)`) and its menu label. */
  home: { to: string; label: string };
}

/** "You do not have access to this page", with a link to `home`. */
export function NoAccess({ home }: NoAccessProps) {
  return (
    <section aria-labelledby="no-access-title" className={noAccess}>
      <Box as="h1" id="no-access-title" marginTop="none">
        {NO_ACCESS}
      </Box>
      <Box as="p" color="muted">
        Your role does not allow this page. Ask an administrator if you need it.
      </Box>
      <p>
        <Link to={home.to}>Go to {home.label}</Link>
      </p>
    </section>
  );
}
