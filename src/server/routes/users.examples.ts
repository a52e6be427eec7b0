/**
 * OpenAPI examples, error messages and field descriptions of the user and role routes (routes/users.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_USER_RECORDS } from '../../model/demo-records.ts';
import { MSG } from '../../model/messages.ts';
import { deleted } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/users.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Users', description: 'Users and roles (admin, operator, sticky)' }],
  examples: {
    listRoles: {
      response: [
        { id: 1, name: 'admin' },
        { id: 2, name: 'operator' },
        { id: 3, name: 'sticky' },
      ],
    },
    listUsers: { response: DEMO_USER_RECORDS },
    exportUsers: { response: '\ufeffUser ID,Name,Nickname,E-mail,Role,Status\r\n1,Ada Admin,ada,admin@example.com,admin,verified\r\n' },
    createUser: {
      request: { name: 'Nina Operator', nickname: 'nina', email: 'nina@example.com', password: 'Operator!2345', role_id: 2, email_verified: true },
      response: {
        user_id: 4,
        name: 'Nina Operator',
        nickname: 'nina',
        email: 'nina@example.com',
        role: 'operator',
        role_id: 2,
        email_verified: true,
        connection: 'embedded',
      },
    },
    updateUser: { request: { role_id: 1 }, response: { ...DEMO_USER_RECORDS[1], role: 'admin', role_id: 1 } },
    deleteUser: { response: deleted('User', 4) },
  },
  errors: {
    updateUser: { 404: ['User not found'], 409: ['The last admin cannot be deleted or demoted'], 422: [MSG.email, MSG.password] },
    deleteUser: { 404: ['User not found'], 409: ['The last admin cannot be deleted or demoted'] },
    createUser: { 409: ['User nina@example.com already exists'], 422: [MSG.email, MSG.password] },
  },
  fields: {
    'RoleSchema.id': 'ID of the role',
    'RoleSchema.name': 'Name of the role',
    'UserSchema.name': 'Full name of the user',
    'UserOutSchema.name': 'Full name of the user',
    'UserFormSchema.name': 'Full name of the user',
    'UserUpdateSchema.name': 'Full name of the user',
    'UserUpdateSchema.password': 'New password (omitted: unchanged): at least 8 characters, 1 capital letter and 1 special sign',
  },
};
