/**
 * The user forms' rules (001 §5 "User: name required; e-mail required in standard format;
 * password minimum 8 characters with one lower-case, one upper-case, one digit and one special
 * character" and its message): Edit keeps the password when left empty and holds a new one to
 * the policy; a taken e-mail is told apart from the server's other refusals.
 */
import { describe, expect, it } from 'vitest';
import { isEmailTaken, roleLabel, UserEditSchema } from '../../../../src/features/users/components/UserForms';
import { noUsers, statusLabel } from '../../../../src/features/users/components/UserList';
import { ApiError } from '../../../../src/api/client';
import { MSG, RMSG, UserUpdateSchema } from '../../../../src/model';

const olga = { name: 'Olga Ops', nickname: '', email: 'olga@example.com', role_id: 2, email_verified: false };

describe('UserEditSchema', () => {
  it('drops an empty password (kept as it is) and sends what the server accepts', () => {
    const v = UserEditSchema.parse({ ...olga, password: '' });
    expect(v).toEqual(olga);
    expect('password' in v && v.password !== undefined).toBe(false);
    expect(UserUpdateSchema.safeParse(v).success).toBe(true);
  });
  it('holds a new password to the policy with the seed message, each rule', () => {
    for (const bad of ['Sh0rt!', 'welcome!2345', 'WELCOME!2345', 'Welcome!abcd', 'Welcome12345']) {
      const r = UserEditSchema.safeParse({ ...olga, password: bad });
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', MSG.password]]);
    }
    expect(UserEditSchema.parse({ ...olga, password: 'Welcome!2345' }).password).toBe('Welcome!2345');
  });
  it('requires a name, an e-mail in standard format and a role', () => {
    const r = UserEditSchema.safeParse({ ...olga, name: ' ', email: 'olga@', role_id: undefined, password: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', RMSG.userName],
      ['email', MSG.email],
      ['role_id', RMSG.role],
    ]);
  });
});

describe('isEmailTaken', () => {
  it("is the server's 409 for a taken e-mail only", () => {
    expect(isEmailTaken(new ApiError(409, 'User olga@example.com already exists', null))).toBe(true);
    expect(isEmailTaken(new ApiError(409, 'The last admin cannot be deleted or demoted', null))).toBe(false);
    expect(isEmailTaken(new ApiError(422, 'User olga@example.com already exists', null))).toBe(false);
    expect(isEmailTaken(new Error('User olga@example.com already exists'))).toBe(false);
  });
});

describe('labels', () => {
  it('names roles, tabs and the active state', () => {
    expect(roleLabel('operator')).toBe('Operator');
    expect(noUsers('all')).toBe('No Users added');
    expect(noUsers('sticky')).toBe('No Sticky users added');
    expect(statusLabel({ email_verified: false })).toBe('Inactive');
    expect(statusLabel({ email_verified: true })).toBe('Active');
  });
});
