/**
 * Why a delete was refused: the sentence, the pages that use what was to be deleted
 * (each with its funnel; "live" when a live release serves it), and what to do first — inside a
 * delete confirmation whose Delete the server refuses with 409 `{ message, pages }`.
 */
import preview from '../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button, ConfirmDialog, useBusyAction } from '../../src/ui';
import { InUseNotice, useInUseRefusal } from '../../src/ui/InUseNotice';
import { itemTexts } from '../helpers';
import { inUseError, inUseRefusal } from '../spies';

const REFUSAL = inUseRefusal(
  'Offer 10231 (GlowSkin)',
  [
    { funnel_id: 1, funnel_name: 'GlowSkin Serum – US Launch', ID: 1, name: 'Presell', page_path: '/', live: true },
    { funnel_id: 1, funnel_name: 'GlowSkin Serum – US Launch', ID: 2, name: 'Checkout', page_path: '/checkout/', live: false },
  ],
  'Attach another offer to their funnels (and publish) first',
);

/** A Delete button whose confirmation calls `onDelete`; a refusal shows in the confirmation. */
function DeleteDemo({ onDelete }: { onDelete: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [busy, run] = useBusyAction();
  const { refusal, setRefusal, refusable } = useInUseRefusal();
  const close = () => {
    setOpen(false);
    setRefusal(null);
  };
  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)}>
        Delete offer
      </Button>
      <ConfirmDialog
        isOpen={open}
        title="Delete offer"
        danger
        confirmLabel="Delete"
        busy={busy}
        message={
          <>
            Are you sure you want to delete this offer?
            <InUseNotice refusal={refusal} />
          </>
        }
        onCancel={close}
        onConfirm={() => {
          void run(refusable(onDelete), close);
        }}
      />
    </>
  );
}

const meta = preview.meta({
  title: 'UI/InUseNotice',
  component: InUseNotice,
  args: { refusal: REFUSAL },
});

/** The refusal on its own: the sentence, one list item per page, what to do. */
export const Refusal = meta.story({
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Offer 10231 (GlowSkin) is used by 2 pages:');
    await expect(itemTexts(alert)).toEqual(['Presell (/) of GlowSkin Serum – US Launch, live', 'Checkout (/checkout/) of GlowSkin Serum – US Launch']);
    await expect(alert).toHaveTextContent('Attach another offer to their funnels (and publish) first');
  },
});

const refuse = fn(() => Promise.reject(inUseError(REFUSAL)));
/** In a delete confirmation: Delete is refused, the confirmation stays open with the pages; another failure shows no list. */
export const InConfirmation = meta.story({
  render: () => <DeleteDemo onDelete={refuse} />,
  play: async ({ canvas, userEvent, step }) => {
    await step('Delete and confirm: refused, the pages are listed in the confirmation', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete offer' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete offer' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(refuse).toHaveBeenCalledTimes(1));
      const alert = await within(confirm).findByRole('alert');
      await expect(within(alert).getAllByRole('listitem')).toHaveLength(2);
      await expect(screen.getByRole('alertdialog', { name: 'Delete offer' })).toBeVisible();
    });
  },
});
