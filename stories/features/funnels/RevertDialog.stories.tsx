/**
 * "Revert this change": the dialog that shows what reverting one audit entry puts
 * back on the operator's current copy. Its previews are made with the model's own
 * `revertPlan` on the demo checkout, as the Logs tab's container makes them.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { RevertDialog, type RevertPreview } from '../../../src/features/funnels/components/RevertDialog';
import { revertPlan, type AuditLog, type Page } from '../../../src/model';
import { auditLog, checkoutPage } from '../../../tests/fixtures/demo';
import { at } from '../../../tests/at';
import { itemTexts } from '../../helpers';

/** The fixture's "Set product price" entry: Single 39.95 → 34.95 on page 11. */
const entry: AuditLog = at(auditLog, 0, 'price change');

/** The checkout with its Single package at `price`. */
const withPrice = (price: number): Page => {
  const p = structuredClone(checkoutPage);
  p.meta.products![0]!._price = price;
  return p;
};
/** The page right after the entry. */
const after = withPrice(34.95);

/** The dialog's preview of reverting `entry` on `current` (as LogsTabScreen makes it). */
const previewOn = (current: Page): RevertPreview & { conflicts: { id: string }[] } => {
  const plan = revertPlan(entry, after, current);
  return { ops: plan.ops, conflicts: plan.conflicts, current };
};

const meta = preview.meta({
  title: 'Funnels/RevertDialog',
  component: RevertDialog,
  args: { entry, docTitle: 'Page Checkout', preview: previewOn(after), onConfirm: fn(), onCancel: fn() },
});

const dialog = () => screen.findByRole('alertdialog', { name: 'Revert Set product price' });

/** The dialog `d` offers no Revert, only Close. */
async function expectOnlyClose(d: HTMLElement) {
  await expect(within(d).queryByRole('button', { name: 'Revert' })).toBeNull();
  await expect(within(d).getByRole('button', { name: 'Close' })).toBeVisible();
}

/** Nothing changed the price since: the dialog lists the value going back (now → restored); Revert confirms with no choices. */
export const CleanRevert = meta.story({
  play: async ({ userEvent, args, step }) => {
    let d!: HTMLElement;
    await step('The dialog lists the value going back', async () => {
      d = await dialog();
      await expect(within(d).getByRole('heading', { name: 'Revert this change' })).toBeVisible();
      await expect(d).toHaveTextContent('Set product price on Page Checkout, by Olivia Operator');
      await expect(within(d).getByText('These values go back:')).toBeVisible();
      const list = within(d).getByRole('list', { name: 'Values that go back' });
      // The identity test the plan carries is not a value going back.
      await expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['meta › products › “Single” › _price: 34.95 → 39.95']);
      await expect(within(d).queryByRole('list', { name: 'Changed again later' })).toBeNull();
    });
    await step('Revert has the focus and confirms with no choices', async () => {
      // The confirm button has the focus when the plan is there.
      await waitFor(() => expect(within(d).getByRole('button', { name: 'Revert' })).toHaveFocus());
      await userEvent.click(within(d).getByRole('button', { name: 'Revert' }));
      await expect(args.onConfirm).toHaveBeenCalledWith({});
      await expect(args.onCancel).not.toHaveBeenCalled();
    });
  },
});

const conflicting = previewOn(withPrice(29.95));

/**
 * The price was changed again later (29.95): nothing is reverted silently. Both values show,
 * "Keep the value now" is chosen first; the operator picks "Revert it to" with the keyboard
 * (arrow keys in the radio group) and Revert confirms with that choice.
 */
export const ConflictByKeyboard = meta.story({
  args: { preview: conflicting },
  play: async ({ userEvent, args, step }) => {
    let d!: HTMLElement;
    let keep!: HTMLElement;
    let revert!: HTMLElement;
    await step('Both values show; Keep the value now is chosen first', async () => {
      d = await dialog();
      await expect(d).toHaveTextContent('One place was changed again after this change.');
      await expect(within(d).queryByText('These values go back:')).toBeNull();
      const group = within(d).getByRole('radiogroup', { name: 'meta › products › “Single” › _price' });
      keep = within(group).getByRole('radio', { name: 'Keep the value now: 29.95' });
      revert = within(group).getByRole('radio', { name: 'Revert it to: 39.95' });
      await expect(keep).toBeChecked();
      await expect(revert).not.toBeChecked();
    });
    await step('Arrow down chooses Revert it to', async () => {
      keep.focus();
      await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(revert).toBeChecked());
      await expect(keep).not.toBeChecked();
    });
    await step('Revert confirms with that choice', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Revert' }));
      await expect(args.onConfirm).toHaveBeenCalledWith({ [at(conflicting.conflicts, 0, 'conflict').id]: 'mine' });
    });
  },
});

/** The same conflict decided with the mouse; Cancel then closes without reverting. */
export const ConflictByMouse = meta.story({
  args: { preview: conflicting },
  play: async ({ userEvent, args, step }) => {
    let d!: HTMLElement;
    await step('Click Revert it to', async () => {
      d = await dialog();
      await userEvent.click(within(d).getByText('Revert it to:'));
      await expect(within(d).getByRole('radio', { name: 'Revert it to: 39.95' })).toBeChecked();
    });
    await step('Click Keep the value now again', async () => {
      // Back to keeping the later value: confirming now would revert nothing.
      await userEvent.click(within(d).getByText('Keep the value now:'));
      await expect(within(d).getByRole('radio', { name: 'Keep the value now: 29.95' })).toBeChecked();
    });
    await step('Revert confirms keeping the later value', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Revert' }));
      await expect(args.onConfirm).toHaveBeenCalledWith({ [at(conflicting.conflicts, 0, 'conflict').id]: 'theirs' });
    });
  },
});

/** The price is back at 39.95 already: nothing to revert, only Close. */
export const NothingToRevert = meta.story({
  args: { preview: previewOn(withPrice(39.95)) },
  play: async ({ userEvent, args, step }) => {
    let d!: HTMLElement;
    await step('Nothing to revert: only Close', async () => {
      d = await dialog();
      await expect(within(d).getByRole('status')).toHaveTextContent('Nothing to revert: these values are already as they were before this change.');
      await expect(itemTexts(d, 'button')).toEqual(['Close']);
    });
    await step('Close cancels', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
      await expect(args.onCancel).toHaveBeenCalled();
      await expect(args.onConfirm).not.toHaveBeenCalled();
    });
  },
});

/**
 * A story of `preview` in which the dialog, in the step `label`, has an element of `role` saying
 * `text`, and offers no Revert, only Close.
 */
const onlyCloseStory = (preview: ComponentProps<typeof RevertDialog>['preview'], label: string, role: 'alert' | 'status', text: string) => ({
  args: { preview },
  play: async ({ step }: StoryContext) => {
    await step(label, async () => {
      const d = await dialog();
      await expect(within(d).getByRole(role)).toHaveTextContent(text);
      await expectOnlyClose(d);
    });
  },
});

/** The change no longer replays: the reason is an alert, and there is nothing to confirm. */
export const ReplayError = meta.story(
  onlyCloseStory(
    { error: 'The change "Set product price" of 2026-11-20T10:15:00.000Z cannot be replayed: path /meta/products/5 does not exist' },
    'The reason is an alert; only Close',
    'alert',
    'cannot be replayed: path /meta/products/5 does not exist',
  ),
);

/** While the plan is worked out (the copy and the log are read afresh) the dialog says so. */
export const Working = meta.story(onlyCloseStory(null, 'The dialog says it is working; only Close', 'status', 'Working out what this change did…'));

/** No entry: the dialog is closed. */
export const Closed = meta.story({
  args: { entry: null },
  play: async () => {
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
});

/** The entry that removed the Studio package, on the page after it. */
const removal: AuditLog = (() => {
  const before = withPrice(34.95);
  const ops = [{ op: 'remove' as const, path: '/meta/products/1' }];
  return { ...entry, ID: 77, title: 'Remove Studio', ops, inverse: [{ op: 'add' as const, path: '/meta/products/1', value: before.meta.products![1]! }] };
})();
const withoutStudio = (() => {
  const p = withPrice(34.95);
  p.meta.products!.splice(1, 1);
  return p;
})();

/** Reverting a removal puts the item back: the line names the item put back (Studio), not the one at its place now (Multi). */
export const PutsItemBack = meta.story({
  args: {
    entry: removal,
    preview: (() => {
      const plan = revertPlan(removal, withoutStudio, withoutStudio);
      return { ops: plan.ops, conflicts: plan.conflicts, current: withoutStudio };
    })(),
  },
  play: async ({ userEvent, args, step }) => {
    let d!: HTMLElement;
    await step('The line names the item put back (Studio)', async () => {
      d = await screen.findByRole('alertdialog', { name: 'Revert Remove Studio' });
      const line = within(within(d).getByRole('list', { name: 'Values that go back' })).getByRole('listitem');
      await expect(line).toHaveTextContent(/^meta › products › “Studio”: put back \{/);
    });
    await step('Revert confirms', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Revert' }));
      await expect(args.onConfirm).toHaveBeenCalledWith({});
    });
  },
});
