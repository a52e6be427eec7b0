/**
 * /users (001 §2 "Users: Role tabs plus All; Add, Edit and Delete", §5, §6, §7), connected: the
 * roles from the server as tabs after All (the tab in the URL, `?role=operator`, so it can be
 * shared and survives a reload), the tab's users — searched, sorted and paged on the server, that
 * state in the URL too (`?role=operator&q=otto&sort=email`; Back restores the previous one) —, and for an admin Add user, Edit and Delete
 * after a confirmation. The screen is the admin's (`users.read`, `roles.read`): the side menu
 * and the router do not offer it to other roles, and the server refuses them. A taken e-mail
 * stays in its form at the e-mail; other refusals (the last admin cannot be deleted or demoted)
 * are toasted and leave the dialog open.
 */
import { lazy, useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../../api';
import { ROLES, USER_SORTS, type UserOut } from '../../../model';
import { useDocumentTitle } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { USER_ROUTES } from '../../../model/contracts/users';
import { useScreenActions } from '../../../ui/screen-actions';
import { DialogsLoading, LazyConfirmDialog as ConfirmDialog } from '../../../ui/list/ListFrame';
import { useAddEdit } from '../../../ui/list/useAddEdit';
import { useConfirmDelete } from '../../../ui/list/useConfirmDelete';
import { useRoles, useUserMutations, useUserPage, type NewUser, type UserChanges } from '../api';
import { ALL, UserList, type UserTab } from '../components/UserList';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadForms = () => import('../components/UserForms');
const UserCreateForm = lazy(() => loadForms().then((m) => ({ default: m.UserCreateForm })));
const UserEditForm = lazy(() => loadForms().then((m) => ({ default: m.UserEditForm })));

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteQuestion = (u: Pick<UserOut, 'name' | 'email'>) => `Are you sure you want to delete the user ${u.name} (${u.email})?`;

const tabOf = (v: string | null): UserTab => ROLES.find((r) => r === v) ?? ALL;

/** See the module comment. */
export function UsersScreen() {
  useDocumentTitle(['Users']);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('role'));
  const roles = useRoles();
  const { state, go } = useListState(USER_SORTS);
  const list = useUserPage(tab, state);
  const canWrite = useCan('users.write');
  const m = useUserMutations();
  const onTab = useCallback((t: UserTab) => setParams(t === ALL ? {} : { role: t }), [setParams]);
  const roleList = roles.data ?? [];
  // A taken e-mail is shown at the form's field: the forms see the refusal.
  const crud = useAddEdit<UserOut, NewUser, UserChanges>({
    noun: 'user',
    formId: 'user-form',
    nameOf: (u) => u.name,
    onCreate: (v) => m.create.mutateAsync(v),
    onUpdate: (u, body) => m.update.mutateAsync({ id: u.user_id, body }),
    addForm: (slot) => <UserCreateForm {...slot} roles={roleList} roleId={roleList.find((r) => r.name === tab)?.id} />,
    editForm: (slot, user) => <UserEditForm {...slot} user={user} roles={roleList} />,
    errorsTo: 'form',
  });
  const { deleting, ask: setDeleting, dialog: deleteDialog } = useConfirmDelete(deleteQuestion, (u: UserOut) => m.remove.mutateAsync(u));
  // The command palette's action here (Ctrl/Cmd+K).
  useScreenActions(canWrite ? [{ id: 'add-user', label: 'Add user', run: crud.add }] : []);
  return (
    <>
      <UserList
        tab={tab}
        roles={roleList}
        users={list.data?.rows}
        list={listPaging(state, go, list, csvExport(USER_ROUTES.export.path, { ...listQueryOf(state), role: tab === 'all' ? undefined : tab }, 'users.csv'))}
        loadError={list.error?.message ?? roles.error?.message}
        canWrite={canWrite}
        onTab={onTab}
        onAdd={crud.add}
        onEdit={crud.edit}
        onDelete={setDeleting}
      />
      {(crud.open || !!deleting) && (
        <DialogsLoading>
          {crud.dialogs()}
          <ConfirmDialog title="Delete user" {...deleteDialog} />
        </DialogsLoading>
      )}
    </>
  );
}
