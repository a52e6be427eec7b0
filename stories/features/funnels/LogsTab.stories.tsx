import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DiffSentences, LogsTab, NoteForm, OpsTable, OpValue } from '../../../src/features/funnels/components/LogsTab';
import { AuditEntryHead } from '../../../src/features/funnels/components/AuditEntryHead';
import type { AuditLog } from '../../../src/model';
import { auditLog, checkoutPage } from '../../../tests/fixtures/demo';
import { at } from '../../../tests/at';
import { cellTexts } from '../../helpers';
import { deleteAfterQuestion, openDialog, stepSaveEmpty } from '../../dialog-steps';
import { resolvingSpies } from '../../spies';
import { auditEntry } from './audit-entry';
import { inBox } from '../../boxed';

/**
 * The fixture's entries as the server sends them to Ada Admin: the diff is a system entry, her
 * note deletable; plus a system note (Funnel locked) nobody may delete.
 */
const entries: AuditLog[] = [
  { ...at(auditLog, 0, 'audit entry'), user_id: 2, system: true, deletable: false },
  auditEntry({ ID: 3, funnel_id: 1, CreatedAt: '2026-11-19T09:00:00.000Z', title: 'Funnel locked', user: { name: 'Ada Admin' }, user_id: 1 }),
  ...auditLog.slice(1).map((e) => ({ ...e, user_id: 1, system: false, deletable: true })),
];

const meta = preview.meta({
  title: 'Funnels/LogsTab',
  component: LogsTab,
  subcomponents: { NoteForm, OpValue, OpsTable, AuditEntryHead, DiffSentences },
  args: { entries, ...resolvingSpies('onAddNote', 'onDelete') },
});

/** Opens a change's raw ops ("Show raw ops") and returns their table. */
async function showRaw(item: HTMLElement, user: { click: (el: Element) => Promise<void> }, title: string) {
  const toggle = within(item).getByRole('button', { name: 'Show raw ops' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  await expect(within(item).getByRole('button', { name: 'Hide raw ops' })).toHaveAttribute('aria-expanded', 'true');
  return within(item).getByRole('table', { name: `Operations of ${title}` });
}

/**
 * A diff reads as a sentence per op (named by `contextOf`: the page's name and its document
 * before the change), with who and when; its raw op / path / old value / value on demand; a
 * note shows its text.
 */
export const Filled = meta.story({
  args: { contextOf: (e) => (e.doc === 'page:11' ? { docName: 'Checkout', before: checkoutPage } : undefined) },
  play: async ({ canvas, userEvent, step }) => {
    const change = canvas.getByRole('listitem', { name: 'Change: Set product price' });
    await step('A change reads as a sentence; its raw ops are hidden', async () => {
      await expect(within(change).getByRole('list', { name: 'Changes of Set product price' })).toHaveTextContent(
        'Checkout › Products › Single › Price 39.95 → 34.95',
      );
      await expect(within(change).getByText('Checkout', { exact: true })).toBeVisible();
      await expect(within(change).queryByRole('table')).toBeNull();
    });
    await step('Show raw ops, then hide them again (by keyboard)', async () => {
      const diff = await showRaw(change, userEvent, 'Set product price');
      await expect(
        within(diff)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['replace', '/meta/products/0/_price', '39.95', '34.95']);
      await expect(within(diff).getByLabelText('was 39.95')).toBeVisible();
      const hide = within(change).getByRole('button', { name: 'Hide raw ops' });
      hide.focus();
      await userEvent.keyboard('{Enter}');
      await expect(within(change).getByRole('button', { name: 'Show raw ops' })).toHaveAttribute('aria-expanded', 'false');
      await expect(within(change).queryByRole('table')).toBeNull();
      await showRaw(change, userEvent, 'Set product price');
    });
    await step('Who and the notes', async () => {
      await expect(canvas.getByText(/Olivia Operator/)).toBeVisible();
      await expect(canvas.getByText('Ready for QC on Monday.')).toBeVisible();
    });
    await step('The whole log is shown: nothing older to load', async () => {
      await expect(canvas.queryByRole('button', { name: /older entries/ })).toBeNull();
    });
    await step("Only the user's notes can be deleted; system notes are marked", async () => {
      // Only notes the user may delete: a diff and a system note (Funnel locked) are the record of what happened.
      await expect(canvas.getAllByRole('button', { name: /^Delete/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Delete note Launch']);
      await expect(within(canvas.getByRole('listitem', { name: 'Note: Funnel locked' })).getByText('System')).toBeVisible();
    });
  },
});

/** An operator sees someone else's note without Delete (the server refuses it too: 403). */
export const NotYourNote = meta.story({
  args: { entries: entries.map((e) => ({ ...e, deletable: false })) },
  play: async ({ canvas, step }) => {
    await step("Another user's note shows, without delete", async () => {
      await expect(canvas.getByText('Ready for QC on Monday.')).toBeVisible();
      await expect(canvas.queryAllByRole('button', { name: /^Delete/ })).toHaveLength(0);
    });
  },
});

/** Deleting a note asks first. */
export const DeleteNote = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Delete a note, after asking', () =>
      deleteAfterQuestion(canvas, userEvent, 'Delete note Launch', 'Are you sure you want to delete this note?', () =>
        expect(args.onDelete).toHaveBeenCalledWith(1),
      ),
    );
  },
});

/** Add Note: a note is required; a valid note saves. */
export const AddNote = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await stepSaveEmpty(step, canvas, userEvent, 'Add Note: Save it empty is refused', 'Add Note', ['Please input a note']);
    await step('Write a note: saved', async () => {
      await userEvent.type(screen.getByLabelText('Note'), 'Prices checked with finance');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onAddNote).toHaveBeenCalledWith(expect.objectContaining({ message: 'Prices checked with finance' })));
    });
  },
});

/**
 * An added review as the server records it: the operator's op plus the server's identity op
 * (`/…/uid`) and uids inside values. The Logs tab hides the identity and shows each replaced
 * value beside the new one.
 */
export const OldAndNewValues = meta.story({
  args: {
    entries: [
      {
        ID: 40,
        funnel_id: 1,
        CreatedAt: '2026-11-20T10:00:00.000Z',
        type: 'diff',
        title: 'Edit headline and add a review',
        message: '',
        task_url: '',
        doc: 'page:2',
        version: 7,
        user: { name: 'Olivia Operator' },
        user_id: 1,
        system: true,
        deletable: false,
        ops: [
          { op: 'replace', path: '/meta/headline', value: 'Glow all day' },
          { op: 'add', path: '/meta/reviews/0', value: { user: 'Ann', review: 'Great', uid: 'r8x2k1' } },
          { op: 'add', path: '/meta/reviews/0/uid', value: 'r8x2k1' },
          { op: 'remove', path: '/meta/subheadline' },
        ],
        inverse: [
          { op: 'add', path: '/meta/subheadline', value: 'Save today' },
          { op: 'remove', path: '/meta/reviews/0/uid' },
          { op: 'remove', path: '/meta/reviews/0' },
          { op: 'replace', path: '/meta/headline', value: 'Glow' },
        ],
      },
    ],
  },
  play: async ({ canvas, userEvent, step }) => {
    const change = canvas.getByRole('listitem', { name: 'Change: Edit headline and add a review' });
    await step('Three sentences: old → new, the added review by its user, the removed value', async () => {
      await expect(
        within(within(change).getByRole('list', { name: 'Changes of Edit headline and add a review' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Page 2 › Headline “Glow” → “Glow all day”', 'Page 2 › Reviews: added “Ann”', 'Page 2 › Subheadline: removed “Save today”']);
    });
    await step('Three rows: the identity op is not shown, nor the uid inside the review', async () => {
      const table = await showRaw(change, userEvent, 'Edit headline and add a review');
      const rows = cellTexts(table);
      await expect(rows).toEqual([
        ['replace', '/meta/headline', 'Glow', 'Glow all day'],
        ['add', '/meta/reviews/0', '', expect.stringMatching(/^\{"user":"Ann","review":"Great"\}/)],
        ['remove', '/meta/subheadline', 'Save today', ''],
      ]);
      await expect(canvas.queryByText(/r8x2k1/)).toBeNull();
      await expect(canvas.queryByText('/meta/reviews/0/uid')).toBeNull();
    });
  },
});

/** Nothing logged yet. */
export const Empty = meta.story({
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No changes or notes yet');
  },
});

/**
 * Long and structured values: a long text wraps inside the card and a whole
 * addon opens as indented JSON; nothing scrolls sideways in a 520 px column.
 */
export const LongValues = meta.story({
  args: {
    entries: [
      {
        ...at(entries, 0, 'audit entry'),
        ID: 9,
        title: 'Set description and addon',
        ops: [
          { op: 'replace', path: '/meta/description', value: 'A very long description '.repeat(20) },
          {
            op: 'add',
            path: '/meta/productAddons/0',
            value: { id: 'addon-1', name: 'Warranty plus', products: [{ id: '2301', data_name: '2-Year Protection', data_price: 9.95 }] },
          },
        ],
      },
    ],
  },
  decorators: [inBox({ width: 520 })],
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const change = canvas.getByRole('listitem', { name: 'Change: Set description and addon' });
    await step('The sentences shorten a long value and name the addon', async () => {
      const [description, addon] = within(within(change).getByRole('list', { name: 'Changes of Set description and addon' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      await expect(description).toMatch(/^Page 11 › Description set to “A very long description A very.{20,40}…”$/);
      await expect(addon).toBe('Page 11 › Product addons: added “Warranty plus”');
    });
    const table = await showRaw(change, userEvent, 'Set description and addon');
    await step('Long values stay inside the list', async () => {
      await expect(table.scrollWidth).toBeLessThanOrEqual(520);
      await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    });
    await step('Open a value: pretty-printed, still inside', async () => {
      await userEvent.click(within(table).getByText(/^\{"id":"addon-1"/));
      const pretty = table.querySelector('pre')!;
      await expect(pretty).toBeVisible();
      await expect(pretty.textContent).toContain('  "name": "Warranty plus"');
      await expect(table.scrollWidth).toBeLessThanOrEqual(520);
    });
  },
});

// ---- A page at a time ---------------------------------------------------------

/**
 * The log is read a page at a time: "Load older entries" below the last entry reads the next
 * older page. Without more to read (Filled) there is no button.
 */
export const LoadOlderEntries = meta.story({
  args: { onLoadOlder: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The button sits below the last entry', async () => {
      const more = canvas.getByRole('button', { name: 'Load older entries' });
      await expect(canvas.getByRole('list', { name: 'Log entries' }).compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      await expect(more).toBeEnabled();
    });
    await step('Load older entries', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Load older entries' }));
      await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
    });
  },
});

/** While the older page is read, the button is off and says so. */
export const LoadingOlderEntries = meta.story({
  args: { onLoadOlder: fn(), loadingOlder: true },
  play: async ({ canvas, step }) => {
    await step('The button says it is loading, and is off', async () => {
      const more = canvas.getByRole('button', { name: 'Loading older entries…' });
      await expect(more).toBeDisabled();
      await expect(canvas.queryByRole('button', { name: 'Load older entries' })).toBeNull();
    });
  },
});

/** A note's title is an audit title: at most 200 characters, said in the form before it is sent. */
export const AddNoteTitleTooLong = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Paste a 201-character title and a note, then Save', async () => {
      const dialog = await openDialog(canvas, userEvent, 'Add Note');
      await userEvent.click(within(dialog).getByLabelText('Title'));
      await userEvent.paste('T'.repeat(201));
      await userEvent.type(within(dialog).getByLabelText('Note'), 'Checked');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await step("Refused with the field's message; nothing sent", async () => {
      await expect(await screen.findByText('Title must be at most 200 characters')).toBeVisible();
      await expect(args.onAddNote).not.toHaveBeenCalled();
    });
  },
});

// ---- Revert and time travel ----------------------------------------------------

/** Page 11's creation as the server records it: the whole document added, nothing to undo. */
const creation: AuditLog = {
  ID: 4,
  funnel_id: 1,
  CreatedAt: '2026-11-18T08:00:00.000Z',
  type: 'diff',
  title: 'Create page Checkout',
  message: '',
  task_url: '',
  doc: 'page:11',
  ops: [{ op: 'add', path: '', value: { name: 'Checkout', page_path: '/checkout/' } }],
  inverse: [],
  version: 1,
  user: { name: 'Ada Admin' },
  user_id: 1,
  system: true,
  deletable: false,
};
const withCreation: AuditLog[] = [...entries, creation];
const priceChange = at(entries, 0, 'price change');

/**
 * Every recorded change of a document offers "View this version"; "Revert this change" only
 * where there is something to undo — not on a creation (its whole-document op has no
 * inverse), never on a note. Each button hands its entry over.
 */
export const RevertAndViewButtons = meta.story({
  args: { entries: withCreation, onRevert: fn(), onTimeTravel: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    const created = within(canvas.getByRole('listitem', { name: 'Change: Create page Checkout' }));
    let price!: ReturnType<typeof within>;
    await step('A creation can be viewed, not reverted', async () => {
      await expect(created.getByRole('list', { name: 'Changes of Create page Checkout' })).toHaveTextContent('Page 11 created');
      await userEvent.click(created.getByRole('button', { name: 'Show raw ops' }));
      const cells = within(created.getByRole('table', { name: 'Operations of Create page Checkout' }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
      await expect(cells.slice(0, 3)).toEqual(['add', '(the whole document)', '']);
      await expect(cells[3]).toMatch(/^\{"name":"Checkout","page_path":"\/checkout\/"\}/);
      await expect(created.queryByRole('button', { name: /^Revert this change/ })).toBeNull();
      await expect(created.getByRole('button', { name: 'View this version: after Create page Checkout' })).toBeVisible();
    });
    await step('Changes can be viewed; notes have neither button; one revert', async () => {
      price = within(canvas.getByRole('listitem', { name: 'Change: Set product price' }));
      await expect(price.getByRole('button', { name: 'View this version: after Set product price' })).toBeVisible();
      for (const note of ['Note: Launch', 'Note: Funnel locked']) {
        await expect(within(canvas.getByRole('listitem', { name: note })).queryAllByRole('button', { name: /^(Revert|View)/ })).toHaveLength(0);
      }
      await expect(canvas.getAllByRole('button', { name: /^Revert this change/ })).toHaveLength(1);
    });
    await step('Revert a change', async () => {
      await userEvent.click(price.getByRole('button', { name: 'Revert this change: Set product price' }));
      await expect(args.onRevert).toHaveBeenCalledWith(priceChange);
    });
    await step('View a version', async () => {
      await userEvent.click(created.getByRole('button', { name: 'View this version: after Create page Checkout' }));
      await expect(args.onTimeTravel).toHaveBeenCalledWith(creation);
      await expect(args.onRevert).toHaveBeenCalledTimes(1);
    });
  },
});

/** A role that may not edit gets no Revert (onRevert absent); View stays. */
export const ViewOnly = meta.story({
  args: { entries: withCreation, onTimeTravel: fn() },
  play: async ({ canvas, step }) => {
    await step('Without revert only the view buttons show', async () => {
      await expect(canvas.queryAllByRole('button', { name: /^Revert this change/ })).toHaveLength(0);
      await expect(canvas.getAllByRole('button', { name: /^View this version/ })).toHaveLength(2);
    });
  },
});

/** A locked funnel: Revert is off, with the reason beside it (and as its description). */
export const RevertBlocked = meta.story({
  args: { entries: withCreation, onRevert: fn(), onTimeTravel: fn(), revertBlocked: 'Unlock the funnel to revert or restore changes' },
  play: async ({ canvas, step }) => {
    const price = within(canvas.getByRole('listitem', { name: 'Change: Set product price' }));
    const revert = price.getByRole('button', { name: 'Revert this change: Set product price' });
    await step('Revert is disabled, and why', async () => {
      await expect(revert).toBeDisabled();
      await expect(revert).toHaveAccessibleDescription('Unlock the funnel to revert or restore changes');
      await expect(price.getByText('Unlock the funnel to revert or restore changes')).toBeVisible();
    });
    await step('Viewing a version stays possible', async () => {
      // Viewing a version stays possible.
      await expect(price.getByRole('button', { name: 'View this version: after Set product price' })).toBeEnabled();
    });
  },
});

/** The time travel panel (children) shows above the list, below Add Note. */
export const ChildrenAboveTheList = meta.story({
  args: { onTimeTravel: fn(), children: <section aria-label="Time travel">Time travel here</section> },
  play: async ({ canvas, step }) => {
    const panel = canvas.getByRole('region', { name: 'Time travel' });
    const list = canvas.getByRole('list', { name: 'Log entries' });
    await step('The time travel panel sits above the list, below Add Note', async () => {
      await expect(panel).toHaveTextContent('Time travel here');
      await expect(panel.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      await expect(canvas.getByRole('button', { name: 'Add Note' }).compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
  },
});
