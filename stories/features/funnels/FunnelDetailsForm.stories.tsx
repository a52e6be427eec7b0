import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { FunnelDetailsForm, NextSteps } from '../../../src/features/funnels/components/FunnelDetailsForm';
import { funnelView, MSG, SECRET_KEY_POINTER, type Funnel } from '../../../src/model';
import { funnel as stored, offers, pages } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';
import { at } from '../../../tests/at';

/** The funnel as the API sends it: no secret key, its hint instead ('••••cret'). */
const funnel = funnelView(stored);
const doc = `funnel:${funnel.ID}` as const;
const meta = preview.meta({
  title: 'Funnels/FunnelDetailsForm',
  component: FunnelDetailsForm,
  subcomponents: { NextSteps },
  args: { funnelId: funnel.ID, offers, pages },
  parameters: { editorDocs: { [doc]: funnel } },
});

/** Typing a field is one command; undo/redo restore the exact funnel. Keys are masked in the summary. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await step('Keys are masked in the summary', async () => {
      await expect(canvas.getByText('••••••••••••8nzY')).toBeVisible();
    });
    await step('Type in Support number: one command', async () => {
      await userEvent.type(canvas.getByLabelText('Support number'), ' ext 2');
      await expect(snapshot(store, doc).cs_number).toBe('+1 800 555 0199 ext 2');
      await expect(store.getState().past).toHaveLength(1);
    });
    await step('Undo and redo restore the exact funnel', async () => {
      await expectUndoRedo(store, doc, before);
    });
  },
});

/**
 * The secret key is write-only: the form and the summary show its hint, never the key, and
 * there is no "Show secret". Replace opens a password field; typing is the same command-log
 * edit as any field (an `add` of /details/cf_secret_key); undo restores the exact previous
 * document and redo the new key.
 */
export const SecretKeyReplace = meta.story({
  play: async ({ canvas, canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step("Only the key's hint is shown, never the key, and no Show", async () => {
      await expect(before.details.cf_secret_key).toBeUndefined();
      await expect(canvas.getAllByText('••••cret')).toHaveLength(2);
      await expect(canvas.queryByRole('button', { name: /show/i })).toBeNull();
      await expect(canvasElement.innerHTML).not.toContain(stored.details.cf_secret_key!);
    });
    let input!: HTMLElement;
    await step('Replace opens an empty password field', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Replace captcha secret key' }));
      input = canvas.getByLabelText('New captcha secret key');
      await expect(input).toHaveAttribute('type', 'password');
      await expect(input).toHaveValue('');
    });
    await step("Type a new key: an add of the key's pointer", async () => {
      await userEvent.type(input, '0xNEWkey9876');
      await expect(snapshot<Funnel>(store, doc).details.cf_secret_key).toBe('0xNEWkey9876');
      const ops = store
        .getState()
        .past.flatMap((e) => e.commands)
        .filter((c) => c.doc === doc)
        .flatMap((c) => c.ops);
      await expect(ops.length).toBeGreaterThan(0);
      await expect(ops.every((o) => o.path === SECRET_KEY_POINTER)).toBe(true);
      await expect(at(ops, 0, 'op').op).toBe('add');
      await expect(ops.at(-1)).toMatchObject({ path: SECRET_KEY_POINTER, value: '0xNEWkey9876' });
    });
    await step('Undo restores the previous funnel, redo the new key', async () => {
      await expectUndoRedo(store, doc, before);
    });
  },
});

/** A funnel without a secret key offers Set, and the summary says none. */
export const SecretKeyNone = meta.story({
  parameters: { editorDocs: { [doc]: funnelView({ ...stored, details: { ...stored.details, cf_secret_key: '' } }) } },
  play: async ({ canvas, userEvent, loaded, step }) => {
    await step('The summary says none', async () => {
      await expect(canvas.getAllByText('—').length).toBeGreaterThan(0);
    });
    await step('Set a key; undo and redo are exact', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Set captcha secret key' }));
      const store = storeOf(loaded);
      const before = structuredClone(store.getState().docs[doc]!.value);
      await userEvent.type(canvas.getByLabelText('New captcha secret key'), 'k');
      await expectUndoRedo(store, doc, before);
    });
  },
});

/** The seeds' messages for bad values. */
export const Invalid = meta.story({
  parameters: {
    editorDocs: { [doc]: { ...funnel, cs_email: 'support@', countries: [], page_id: 12, details: { ...funnel.details, GTM: 'GTM-12345', dl_offer_name: '' } } },
  },
  play: async ({ canvas, userEvent, loaded, step }) => {
    await step("Every bad value shows the seed's message", async () => {
      await expect(canvas.getByText('Email format is not valid')).toBeVisible();
      await expect(canvas.getByText('Please select at least on country')).toBeVisible();
      await expect(canvas.getByText('The index page must be of type checkout, interstitial or presell')).toBeVisible();
      await expect(canvas.getByText('GTM must be letters and digits, at most 8')).toBeVisible();
      await expect(canvas.getByText('Please input the offer name')).toBeVisible();
    });
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await step('Choose a country: its message goes', async () => {
      await userEvent.click(canvas.getByRole('checkbox', { name: 'DE' }));
      await expect(canvas.queryByText('Please select at least on country')).toBeNull();
    });
    await step('Undo and redo are exact', async () => {
      await expectUndoRedo(store, doc, before);
    });
  },
});

/** A locked funnel is read-only. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvas, loaded, step }) => {
    await step('The fields are disabled', async () => {
      await expect(canvas.getByLabelText('Funnel name')).toBeDisabled();
      await expect(canvas.getByRole('checkbox', { name: 'US' })).toBeDisabled();
    });
    await step('Nothing is recorded', async () => {
      await expect(storeOf(loaded).getState().past).toHaveLength(0);
    });
  },
});

/** Before the document is loaded. */
export const Empty = meta.story({
  args: { funnelId: 99 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading funnel…');
  },
});

/**
 * A funnel just added with "Add funnel" (version 1, no index page, support line and offer name
 * empty): no red errors, a "Next steps" list instead. Editing a field and leaving it
 * empty shows its message and takes it off the list; undo and redo are exact.
 */
export const JustAdded = meta.story({
  args: { pages: [] },
  parameters: {
    editorDocs: {
      [`funnel:${funnel.ID}`]: { ...funnel, version: 1, page_id: null, cs_number: '', cs_email: '', details: { ...funnel.details, dl_offer_name: '' } },
    },
  },
  play: async ({ canvas, userEvent, loaded, step }) => {
    const next = canvas.getByRole('status', { name: 'Next steps' });
    await step('Nothing is red; the next steps say what to do', async () => {
      await expect(next).toHaveTextContent("Add the funnel's pages in the Pages tab, then select the index page here.");
      await expect(next).toHaveTextContent('Fill in Support number, Support email, Offer name (dl_offer_name)');
      await expect(canvas.queryAllByRole('alert')).toHaveLength(0);
      await expect(canvas.getByRole('textbox', { name: 'Support number' })).not.toHaveAttribute('aria-invalid', 'true');
    });
    const store = storeOf(loaded);
    const start = snapshot(store, doc);
    await step('Type a support number and clear it: its message shows and the step is done', async () => {
      const number = canvas.getByRole('textbox', { name: 'Support number' });
      await userEvent.type(number, '1');
      await userEvent.clear(number);
      await expect(number).toHaveAccessibleDescription(MSG.supportNumber);
      await expect(next).toHaveTextContent('Fill in Support email, Offer name (dl_offer_name)');
      await userEvent.type(number, '+1 800 555 0100');
      await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    });
    await step('Undo and redo are exact', async () => {
      await expectUndoRedo(store, doc, start);
    });
  },
});
