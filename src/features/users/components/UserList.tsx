/**
 * The users (001 §2 "Users: Role tabs plus All; Add, Edit and Delete", §3 User, §4 "Users are
 * verified/active or inactive"): tabs All and one per role from the server, the tab's users in
 * the shared DataTable (ID, name, nickname, e-mail, role, active or inactive), Add user, and
 * per row Edit and Delete for whoever may write users (`users.write`, admins). The heading shows
 * at once, also while the list loads or when it cannot be read (the reason is said where the
 * list would be). With `list` the tab's users are one page the server searched and sorted
 * (search box, sortable headers, pager; the screen keeps that state in the URL).
 *
 * Presentational: the screen (screens/UsersScreen.tsx) reads the data and performs the actions.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { USER_SORTS, type Role, type RoleName, type UserOut } from '../../../model';
import { Button, styles as s } from '../../../ui';
import { LightTabs } from '../../../ui/LightTabs';
import type { ListPaging } from '../../../ui/list/PagedTable';
import { ListHeader, PagedList } from '../../../ui/list/ListFrame';
import { withRowActions } from '../../../ui/list/useAddEdit';
import { roleLabel } from './user-names';

/** The tab of every user. */
export const ALL = 'all';
/** A tab: All or a role's name. */
export type UserTab = RoleName | typeof ALL;

/** What an empty tab says (after the seeds' 'No … added'). */
export const noUsers = (tab: UserTab) => (tab === ALL ? 'No Users added' : `No ${roleLabel(tab)} users added`);

/** 001 §4 "Users are verified/active or inactive". */
export const statusLabel = (u: Pick<UserOut, 'email_verified'>) => (u.email_verified ? 'Active' : 'Inactive');

/** A column the user list sorts by on the server. */
export type UserSort = (typeof USER_SORTS)[number];

/** Props of {@link UserList}. */
export interface UserListProps {
  tab: UserTab;
  /** The server-paged list (search, sortable headers, pager); without it `users` is the tab's whole list. */
  list?: ListPaging<UserSort>;
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
  { id: 'id', header: 'ID', accessorKey: 'user_id' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'nickname', header: 'Nickname', accessorKey: 'nickname' },
  { id: 'email', header: 'E-mail', accessorKey: 'email' },
  { id: 'role', header: 'Role', cell: ({ row: { original: u } }) => roleLabel(u.role) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: u } }) => <span className={`${s.badge} ${u.email_verified ? s.tone.success : s.tone.warning}`}>{statusLabel(u)}</span>,
  },
];

const userRowId = (u: UserOut) => String(u.user_id);
const userName = (u: UserOut) => u.name;

/** See the module comment. */
export function UserList({ tab, list, roles, users, loadError, canWrite, onTab, onAdd, onEdit, onDelete }: UserListProps) {
  const columns = useMemo(() => withRowActions(BASE_COLUMNS, canWrite, userName, onEdit, onDelete), [canWrite, onEdit, onDelete]);
  const content = (
    <PagedList
      rows={users}
      loadError={loadError}
      loading="Loading users…"
      label="Users"
      noun="users"
      columns={columns}
      sorts={USER_SORTS}
      getRowId={userRowId}
      emptyMessage={noUsers(tab)}
      searchHint="Name, e-mail or ID"
      list={list}
    />
  );
  const tabs: UserTab[] = [ALL, ...roles.map((r) => r.name)];
  return (
    <section aria-labelledby="users-title">
      <ListHeader id="users-title" title="Users">
        {canWrite && (
          <Button variant="primary" onPress={onAdd}>
            Add user
          </Button>
        )}
      </ListHeader>
      <LightTabs
        label="Roles"
        selected={tab}
        onSelect={(t) => onTab(t as UserTab)}
        items={tabs.map((t) => ({ id: t, label: t === ALL ? 'All' : roleLabel(t), content: t === tab ? content : null }))}
      />
    </section>
  );
}
