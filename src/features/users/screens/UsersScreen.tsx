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
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, reportFailure, useCan } from '../../../api';
import { ROLES, USER_SORTS, type RoleName, type UserOut } from '../../../model';
import { notify, useBusyAction, useDocumentTitle } from '../../../ui';
import { listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { USER_ROUTES } from '../../../model/contracts/users';
import { useScreenActions } from '../../../ui/screen-actions';
import { useRoles, useUserMutations, useUserPage } from '../api';
import { isEmailTaken } from '../components/user-names';
import { ALL, UserList, type UserTab } from '../components/UserList';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadForms = () => import('../components/UserForms');
const UserCreateForm = lazy(() => loadForms().then((m) => ({ default: m.UserCreateForm })));
const UserEditForm = lazy(() => loadForms().then((m) => ({ default: m.UserEditForm })));
const FormModal = lazy(() => import('../../../ui/FormModal').then((m) => ({ default: m.FormModal })));
const ConfirmDialog = lazy(() => import('../../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteQuestion = (u: Pick<UserOut, 'name' | 'email'>) => `Are you sure you want to delete the user ${u.name} (${u.email})?`;

/** Runs a write; a refusal other than a taken e-mail (shown at its field) is toasted; rethrown so the dialog stays open. */
async function shown<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ApiError && !isEmailTaken(e)) {
      reportFailure(e, false); // a 401 still signs out
      if (e.status === 409) notify.info(e.message);
      else notify.error(e.message);
    }
    throw e;
  }
}

const tabOf = (v: string | null): UserTab => ((ROLES as readonly string[]).includes(v ?? '') ? (v as RoleName) : ALL);

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
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserOut | null>(null);
  const [deleting, setDeleting] = useState<UserOut | null>(null);
  const [busy, run] = useBusyAction();
  const [saving, setSaving] = useState(false);
  const onTab = useCallback((t: UserTab) => setParams(t === ALL ? {} : { role: t }), [setParams]);
  // The command palette's action here (Ctrl/Cmd+K).
  useScreenActions(canWrite ? [{ id: 'add-user', label: 'Add user', run: () => setAdding(true) }] : []);
  const roleList = roles.data ?? [];
  /** Saves through a form: the form sees the refusal (a taken e-mail goes to its field). */
  const save = async (write: () => Promise<void>, close: () => void) => {
    setSaving(true);
    try {
      await shown(write);
      close();
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <UserList
        tab={tab}
        roles={roleList}
        users={list.data?.rows}
        list={{
          state,
          total: list.data?.total ?? 0,
          loading: list.isPlaceholderData && list.isFetching,
          onChange: go,
          exportCsv: csvExport(USER_ROUTES.export.path, { ...listQueryOf(state), role: tab === 'all' ? undefined : tab }, 'users.csv'),
        }}
        loadError={list.error?.message ?? roles.error?.message}
        canWrite={canWrite}
        onTab={onTab}
        onAdd={() => setAdding(true)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {(adding || !!editing || !!deleting) && (
        <Suspense fallback={<p role="status">Opening…</p>}>
          <FormModal title="Add user" isOpen={adding} formId="user-form" busy={saving} onCancel={() => setAdding(false)}>
            {adding && (
              <UserCreateForm
                id="user-form"
                roles={roleList}
                roleId={roleList.find((r) => r.name === tab)?.id}
                onSave={(v) =>
                  save(
                    async () => {
                      const u = await m.create.mutateAsync(v);
                      notify.success(`User ${u.name} added`);
                    },
                    () => setAdding(false),
                  )
                }
              />
            )}
          </FormModal>
          <FormModal
            title={editing ? `Edit ${editing.name}` : 'Edit user'}
            isOpen={!!editing}
            formId="edit-user-form"
            busy={saving}
            onCancel={() => setEditing(null)}
          >
            {editing && (
              <UserEditForm
                id="edit-user-form"
                user={editing}
                roles={roleList}
                onSave={(body) =>
                  save(
                    async () => {
                      const u = await m.update.mutateAsync({ id: editing.user_id, body });
                      notify.success(`User ${u.name} saved`);
                    },
                    () => setEditing(null),
                  )
                }
              />
            )}
          </FormModal>
          <ConfirmDialog
            isOpen={!!deleting}
            title="Delete user"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={deleting ? deleteQuestion(deleting) : ''}
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              if (deleting) {
                const d = deleting;
                void run(
                  () =>
                    shown(async () => {
                      await m.remove.mutateAsync(d.user_id);
                      notify.success(`User ${d.name} deleted`);
                    }),
                  () => setDeleting(null),
                );
              }
            }}
          />
        </Suspense>
      )}
    </>
  );
}
