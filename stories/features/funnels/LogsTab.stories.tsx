import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { LogsTab } from '../../../src/features/funnels/components/LogsTab';
import type { AuditLog } from '../../../src/model';
import { auditLog } from '../../../tests/fixtures/demo';
import { at } from '../../../tests/at';

/**
 * The fixture's entries as the server sends them to Ada Admin: the diff is a system entry, her
 * note deletable; plus a system note (Funnel locked) nobody may delete.
 */
const entries: AuditLog[] = [
  { ...at(auditLog, 0, 'audit entry'), user_id: 2, system: true, deletable: false },
  { ID: 3, funnel_id: 1, CreatedAt: '2026-11-19T09:00:00.000Z', type: 'note', title: 'Funnel locked', message: '', task_url: '', doc: null, ops: null, inverse: null, version: null, user: { name: 'Ada Admin' }, user_id: 1, system: true, deletable: false },
  ...auditLog.slice(1).map((e) => ({ ...e, user_id: 1, system: false, deletable: true })),
];

const meta = {
  title: 'Funnels/LogsTab',
  component: LogsTab,
  args: { entries, onAddNote: fn(() => Promise.resolve()), onDelete: fn(() => Promise.resolve()) },
} satisfies Meta<typeof LogsTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A diff shows op / path / value with who and when; a note shows its text. */
export const Filled: Story = {
  play: async ({ canvas }) => {
    const diff = canvas.getByRole('table', { name: 'Operations of Set product price' });
    await expect(within(diff).getAllByRole('cell').map((c) => c.textContent)).toEqual(['replace', '/meta/products/0/_price', '34.95']);
    await expect(canvas.getByText(/Olivia Operator/)).toBeVisible();
    await expect(canvas.getByText('Ready for QC on Monday.')).toBeVisible();
    // Only notes the user may delete: a diff and a system note (Funnel locked) are the record of what happened.
    await expect(canvas.getAllByRole('button', { name: /^Delete/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Delete note Launch']);
    await expect(within(canvas.getByRole('listitem', { name: 'Note: Funnel locked' })).getByText('System')).toBeVisible();
  },
};

/** An operator sees someone else's note without Delete (the server refuses it too: 403). */
export const NotYourNote: Story = {
  args: { entries: entries.map((e) => ({ ...e, deletable: false })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ready for QC on Monday.')).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: /^Delete/ })).toHaveLength(0);
  },
};

/** Deleting a note asks first. */
export const DeleteNote: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete note Launch' }));
    await expect(await screen.findByText('Are you sure you want to delete this note?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(1));
  },
};

/** Add Note: a note is required; a valid note saves. */
export const AddNote: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add Note' }));
    await screen.findByRole('dialog', { name: 'Add Note' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('Please input a note')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Note'), 'Prices checked with finance');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onAddNote).toHaveBeenCalledWith(expect.objectContaining({ message: 'Prices checked with finance' })));
  },
};

/** Nothing logged yet. */
export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No changes or notes yet');
  },
};

/**
 * Long and structured values (issue 10): a long text wraps inside the card and a whole
 * addon opens as indented JSON; nothing scrolls sideways in a 520 px column.
 */
export const LongValues: Story = {
  args: {
    entries: [{
      ...at(entries, 0, 'audit entry'), ID: 9, title: 'Set description and addon',
      ops: [
        { op: 'replace', path: '/meta/description', value: 'A very long description '.repeat(20) },
        { op: 'add', path: '/meta/productAddons/0', value: { id: 'addon-1', name: 'Warranty plus', products: [{ id: '2301', data_name: '2-Year Protection', data_price: 9.95 }] } },
      ],
    }],
  },
  decorators: [(Story) => <div style={{ width: 520 }}><Story /></div>],
  play: async ({ canvas, canvasElement, userEvent }) => {
    const table = canvas.getByRole('table', { name: 'Operations of Set description and addon' });
    await expect(table.scrollWidth).toBeLessThanOrEqual(520);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await userEvent.click(within(table).getByText(/^\{"id":"addon-1"/));
    const pretty = table.querySelector('pre')!;
    await expect(pretty).toBeVisible();
    await expect(pretty.textContent).toContain('  "name": "Warranty plus"');
    await expect(table.scrollWidth).toBeLessThanOrEqual(520);
  },
};
