/**
 * The users (001 §2 "Users: Role tabs plus All; Add, Edit and Delete", §3 User, §4 "Users are
 * verified/active or inactive"): tabs All and one per role from the server, the tab's users in
 * the shared DataTable (ID, name, nickname, e-mail, role, active or inactive), Add user, and
 * per row Edit and Delete for whoever may write users (`users.write`, admins). The heading shows
 * at once, also while the list loads or when it cannot be read (the reason is said where the
 * list would be).
 *
 * Presentational: the screen (screens/UsersScreen.tsx) reads the data and performs the actions.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Role, RoleName, UserOut } from '../../../model';
import { Box, Button, DataTable, Inline, Tabs, styles as s, Skeleton } from '../../../ui';
import { roleLabel } from './UserForms';

/** The tab of every user. */
export const ALL = 'all';
/** A tab: All or a role's name. */
export type UserTab = RoleName | typeof ALL;

/** What an empty tab says (after the seeds' 'No … added'). */
export const noUsers = (tab: UserTab) => (tab === ALL ? 'No Users added' : `No ${roleLabel(tab)} users added`);

/** 001 §4 "Users are verified/active or inactive". */
export const statusLabel = (u: Pick<UserOut, 'email_verified'>) => (u.email_verified ? 'Active' : 'Inactive');

/** Props of {@link UserList}. */
export interface UserListProps {
  tab: UserTab;
  /** The roles (tabs after All); empty while they load. */
  roles: readonly Role[];
  /** The tab's users, or undefined while they load (or could not be read: `loadError`). */
  users: UserOut[] | undefined;
  loadError?: string;
  /** Add, Edit and Delete are offered. */
  canWrite: boolean;
  onTab: (tab: UserTab) => void;
  onAdd: () => void;
  onEdit: (u: UserOut) => void;
  onDelete: (u: UserOut) => void;
}

const BASE_COLUMNS: ColumnDef<UserOut, unknown>[] = [
  { header: 'ID', accessorKey: 'user_id' },
  { header: 'Name', accessorKey: 'name' },
  { header: 'Nickname', accessorKey: 'nickname' },
  { header: 'E-mail', accessorKey: 'email' },
  { header: 'Role', cell: ({ row: { original: u } }) => roleLabel(u.role) },
  {
    header: 'Status',
    cell: ({ row: { original: u } }) => <span className={`${s.badge} ${u.email_verified ? s.tone.success : s.tone.warning}`}>{statusLabel(u)}</span>,
  },
];

/** See the module comment. */
export function UserList({ tab, roles, users, loadError, canWrite, onTab, onAdd, onEdit, onDelete }: UserListProps) {
  const columns = useMemo<ColumnDef<UserOut, unknown>[]>(
    () =>
      canWrite
        ? [
            ...BASE_COLUMNS,
            {
              header: 'Actions',
              cell: ({ row: { original: u } }) => (
                <div className={s.row}>
                  <Button size="sm" variant="ghost" onPress={() => onEdit(u)} aria-label={`Edit ${u.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => onDelete(u)} aria-label={`Delete ${u.name}`}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]
        : BASE_COLUMNS,
    [canWrite, onEdit, onDelete],
  );
  const content = users ? (
    <DataTable label="Users" columns={columns} data={users} getRowId={(u) => String(u.user_id)} emptyMessage={noUsers(tab)} />
  ) : loadError ? (
    <p role="alert">{loadError}</p>
  ) : (
    <Skeleton label="Loading users…" />
  );
  const tabs: UserTab[] = [ALL, ...roles.map((r) => r.name)];
  return (
    <section aria-labelledby="users-title">
      <Inline marginBottom="md">
        <Box as="h1" id="users-title" margin="none">
          Users
        </Box>
        <span className={s.spacer} />
        {canWrite && (
          <Button variant="primary" onPress={onAdd}>
            Add user
          </Button>
        )}
      </Inline>
      <Tabs
        label="Roles"
        selected={tab}
        onSelect={(t) => onTab(t as UserTab)}
        items={tabs.map((t) => ({ id: t, label: t === ALL ? 'All' : roleLabel(t), content: t === tab ? content : null }))}
      />
    </section>
  );
}
