/**
 * Records of the demo (001 §3) written once for the two places that show them: the OpenAPI
 * examples (src/server/routes/*.examples.ts) and the stories' fixtures. Only those import this
 * module; it is not in the model's index, so the app's bundle never carries it.
 */
import type { UserOut } from './users';

/** The demo's three users as the user routes answer them, one per role (001 §6). */
export const DEMO_USER_RECORDS: readonly UserOut[] = [
  { user_id: 1, name: 'Ada Admin', nickname: 'ada', email: 'admin@example.com', role: 'admin', role_id: 1, email_verified: true, connection: 'embedded' },
  {
    user_id: 2,
    name: 'Oscar Operator',
    nickname: 'oscar',
    email: 'operator@example.com',
    role: 'operator',
    role_id: 2,
    email_verified: true,
    connection: 'embedded',
  },
  { user_id: 3, name: 'Sam Sticky', nickname: 'sam', email: 'sticky@example.com', role: 'sticky', role_id: 3, email_verified: true, connection: 'embedded' },
];
