/**
 * The template library's Add template and Edit template forms and Stash / Restore (001 §2
 * "Templates", §5 Template rules, §9 preview host), on the connected screen: every message of
 * the form, nothing sent while invalid, a full preview address kept as its path, a server
 * refusal kept in the form, and each edit ONE command of the command log (only the changed
 * members) saved at once — or, when someone else saved meanwhile, the question which to keep.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';

import { expect, screen, waitFor, within } from 'storybook/test';
import { TemplatesScreen } from '../../../src/features/templates/screens/TemplatesScreen';
import { TemplateConflictDialog } from '../../../src/features/templates/components/TemplateConflict';
import type { Template } from '../../../src/model';
import { STORY_PREVIEW_HOST } from '../../../.storybook/handlers';
import { storeOf } from '../../helpers';
import { routeStory } from '../../screens';
import { libraryHandlers } from './fixtures';
import { setCode } from '../template-editor/code-steps';
import { expectValues, pressIn, retype, saveExpecting, stepValue } from '../../dialog-steps';
import { playTemplateInvalid, stepFullAddress, TEMPLATE_REQUIRED, typeTemplate } from './template-form-steps';

const meta = preview.meta({
  title: 'Templates/TemplateForms',
  component: TemplatesScreen,
  // The Conflict stories end in its question.
  subcomponents: { TemplateConflictDialog },
  ...routeStory('/templates', <TemplatesScreen />, libraryHandlers()),
});

type User = StoryContext['userEvent'];

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
/** The table once the list and the signed-in role (which decides the write actions) have loaded. */
const tableOf = async (canvas: Finder) => {
  await canvas.findByRole('button', { name: 'Add template' }, { timeout: 5000 });
  return canvas.findByRole('table', { name: 'Templates' }, { timeout: 5000 });
};
const namesIn = (table: HTMLElement) => [...table.querySelectorAll('[data-template-id]')].map((e) => e.textContent);

/** Opens the dialog by `button` and waits for its code editor to load. */
async function openForm(user: User, button: HTMLElement, title: string) {
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: title }, { timeout: 5000 });
  const editor = await within(dialog).findByRole('textbox', { name: 'Meta' }, { timeout: 10_000 });
  return { dialog, d: within(dialog), editor };
}

/**
 * Once the list has loaded, opens Add template (see {@link openForm}) and, when given, types
 * `fields` (name, page type, layout) in; returns what openForm returns.
 */
async function openAdd(canvas: Finder & Pick<ReturnType<typeof within>, 'getByRole'>, user: User, fields?: Parameters<typeof typeTemplate>[2]) {
  await tableOf(canvas);
  const opened = await openForm(user, canvas.getByRole('button', { name: 'Add template' }), 'Add template');
  if (fields) await typeTemplate(user, opened.d, fields);
  return opened;
}

/** Save with nothing filled: every required field says so, in the seeds' words; nothing is added. */
export const AddEmpty = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const table = await tableOf(canvas);
    const before = namesIn(table);
    let dialog!: HTMLElement;
    await step("Save an empty template: the seed's messages", async () => {
      ({ dialog } = await openAdd(canvas, userEvent));
      await saveExpecting(userEvent, dialog, TEMPLATE_REQUIRED);
    });
    await step('Cancel adds nothing', async () => {
      await pressIn(userEvent, dialog, 'Cancel');
      await expect(namesIn(await tableOf(canvas))).toEqual(before);
    });
  },
});

/** Each invalid value is refused with its message: a bad layout, a path without slashes, an address of another host, invalid JSON (with its place), code that does not parse, `{}`. */
export const AddInvalid = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const table = await tableOf(canvas);
    const before = namesIn(table);
    let dialog!: HTMLElement;
    await playTemplateInvalid(
      { step, userEvent },
      async () => {
        const opened = await openAdd(canvas, userEvent);
        dialog = opened.dialog;
        return { form: dialog, editor: opened.editor };
      },
      { label: 'Empty meta is refused' },
    );
    await step('Cancel adds nothing', async () => {
      await pressIn(userEvent, dialog, 'Cancel');
      await expect(namesIn(await tableOf(canvas))).toEqual(before);
    });
  },
});

/** A valid template with the full preview address typed in: kept as its path (shown so on leaving the field), added, listed with the host. */
export const AddWithFullAddress = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const { d, editor } = await stepValue(step, 'Fill in the form', () =>
      openAdd(canvas, userEvent, { name: 'VIP checkout', pageType: 'checkout', layout: 'checkout' }),
    );
    await stepFullAddress({ step, userEvent }, d);
    await step('Save adds it, linking to the full address', async () => {
      await setCode(userEvent, editor, '{"headline": "VIP"}');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await screen.findByText('Template VIP checkout added', {}, { timeout: 5000 })).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add template' })).toBeNull());
      const row = await within(await tableOf(canvas)).findByRole('row', { name: /VIP checkout/ }, { timeout: 5000 });
      await expect(within(row).getByRole('link')).toHaveAttribute('href', `${STORY_PREVIEW_HOST}/vip/`);
    });
  },
});

/** The server refuses a layout it has no file for: its message stays under Layout and the dialog stays open with what was typed. */
export const AddRefusedByServer = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const { d } = await stepValue(step, 'Save a layout the server refuses', async () => {
      const opened = await openAdd(canvas, userEvent, { name: 'Mystery', pageType: 'presell', layout: 'nosuch' });
      await userEvent.type(opened.d.getByLabelText('Preview path'), '/mystery/');
      await setCode(userEvent, opened.editor, '{"headline": "?"}');
      await userEvent.click(opened.d.getByRole('button', { name: 'Save' }));
      return opened;
    });
    await step("The server's message on Layout; the form kept, nothing added", async () => {
      await expect(await d.findByText('Unknown layout nosuch: one of presell, checkout, upsell, thankyou, split', {}, { timeout: 5000 })).toBeVisible();
      await expect(d.getByLabelText('Layout')).toHaveAttribute('aria-invalid', 'true');
      await expect(d.getByLabelText('Name')).toHaveValue('Mystery');
      await expect(namesIn(await tableOf(canvas))).not.toContain('Mystery');
    });
  },
});

/** Edit template: the form holds the template; the save is ONE command 'Edit template <name>' with only the changed members, saved at once. */
export const Edit = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const table = await tableOf(canvas);
    let d!: ReturnType<typeof within>;
    let editor!: HTMLElement;
    await step('Edit a template: its values fill the form', async () => {
      ({ d, editor } = await openForm(userEvent, within(table).getByRole('button', { name: 'Edit Checkout classic' }), 'Edit template Checkout classic'));
      await expectValues(d, { Name: 'Checkout classic', 'Page type': 'checkout', 'Preview path': '/checkout/' });
      await expect(editor).toHaveTextContent('"products": []');
    });
    await step('Rename it, add a meta key and save', async () => {
      await retype(userEvent, d.getByLabelText('Name'), 'Checkout classic v2');
      await setCode(userEvent, editor, '{\n  "products": [],\n  "subtitle": "Pick one"\n}');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await screen.findByText('Template Checkout classic v2 saved', {}, { timeout: 5000 })).toBeVisible();
      await waitFor(async () => expect(namesIn(await tableOf(canvas))).toContain('Checkout classic v2'));
    });
    await step('One undo entry with only the changed members', async () => {
      const st = store.getState();
      await expect(st.undoLabel).toBe('Edit template Checkout classic');
      // Only the changed members (in any order): the name and the one new meta key.
      const ops = st.past.at(-1)?.commands.flatMap((c) => c.ops) ?? [];
      await expect([...ops].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { op: 'add', path: '/meta/subtitle', value: 'Pick one' },
        { op: 'replace', path: '/name', value: 'Checkout classic v2' },
      ]);
      await expect(st.past.at(-1)?.commands).toHaveLength(1);
      await expect(st.docs['template:2']).toMatchObject({ dirty: false, version: 2 });
    });
  },
});

/** A refusal of the server on Edit: shown at its field; the command is taken back, nothing stays unsent. */
export const EditRefusedByServer = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const table = await tableOf(canvas);
    let d!: ReturnType<typeof within>;
    await step('Save a layout the server refuses', async () => {
      ({ d } = await openForm(userEvent, within(table).getByRole('button', { name: 'Edit Thank you' }), 'Edit template Thank you'));
      await retype(userEvent, d.getByLabelText('Layout'), 'nosuch');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
    });
    await step('The message shows; the template is unchanged', async () => {
      await expect(await d.findByText(/^Unknown layout nosuch/, {}, { timeout: 5000 })).toBeVisible();
      await expect(store.getState().docs['template:4']).toMatchObject({ dirty: false, version: 1 });
      await expect((store.getState().docs['template:4']?.value as Template).layout).toBe('thankyou');
    });
  },
});

/** Stash and Restore: one command each replacing /archived, saved at once, confirmed by a toast; the template moves between the tabs. */
export const StashAndRestore = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const table = await tableOf(canvas);
    await step('Stash a template: it leaves the list, one undo entry', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Stash Thank you' }));
      await expect(await screen.findByText('Template Thank you stashed: find it under stashed', {}, { timeout: 5000 })).toBeVisible();
      await waitFor(async () => expect(namesIn(await tableOf(canvas))).not.toContain('Thank you'));
      await expect(store.getState().undoLabel).toBe('Stash template Thank you');
      await expect(store.getState().past.at(-1)?.commands[0]?.ops).toEqual([{ op: 'replace', path: '/archived', value: true }]);
    });
    await step('Restore it from stashed', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'stashed' }));
      const stashed = await canvas.findByRole('table', { name: 'Templates: stashed' });
      await waitFor(() => expect(namesIn(stashed)).toContain('Thank you'));
      await userEvent.click(within(stashed).getByRole('button', { name: 'Restore Thank you' }));
      await expect(await screen.findByText('Template Thank you restored', {}, { timeout: 5000 })).toBeVisible();
      await expect(store.getState().undoLabel).toBe('Restore template Thank you');
      await expect(store.getState().docs['template:4']).toMatchObject({ dirty: false, version: 3 });
    });
  },
});

/** Someone else renamed the template after the list was read: the save asks, naming both values; Overwrite with mine keeps the operator's. */
export const EditConflict = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const table = await tableOf(canvas);
    let d!: ReturnType<typeof within>;
    let ask!: HTMLElement;
    await step("Open a template's form", async () => {
      ({ d } = await openForm(userEvent, within(table).getByRole('button', { name: 'Edit Upsell one-click' }), 'Edit template Upsell one-click'));
    });
    await step('Another operator saves it meanwhile', async () => {
      // Another operator's save, straight to the API.
      const res = await fetch('/api/v1/templates/3', {
        method: 'PATCH',
        headers: { 'If-Match': '"1"', 'Content-Type': 'application/json-patch+json' },
        body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Upsell by Ada' }]),
      });
      await expect(res.status).toBe(200);
    });
    await step('Save: the conflict is shown member by member', async () => {
      await retype(userEvent, d.getByLabelText('Name'), 'Upsell mine');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      ask = await screen.findByRole('alertdialog', { name: /was changed meanwhile$/ }, { timeout: 5000 });
      await expect(ask).toHaveTextContent('name: theirs Upsell by Ada, yours Upsell mine');
    });
    await step('Overwrite with mine saves', async () => {
      await userEvent.click(within(ask).getByRole('button', { name: 'Overwrite with mine' }));
      await expect(await screen.findByText(/saved with your changes$/, {}, { timeout: 5000 })).toBeVisible();
      await waitFor(async () => expect(namesIn(await tableOf(canvas))).toContain('Upsell mine'));
    });
  },
});
