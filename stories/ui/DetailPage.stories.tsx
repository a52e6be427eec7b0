/**
 * The detail pages' chrome (src/ui/DetailPage.tsx): the back link and title row, the page an
 * unknown id gets, and the delete confirmation whose refused delete leaves it open.
 */
import preview from '../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui';
import { BackLink, DeleteConfirm, DetailHeader, NotFoundSection } from '../../src/ui/DetailPage';
import { useBusyAction } from '../../src/ui/useBusyAction';

const meta = preview.meta({
  title: 'UI/DetailPage',
  component: DetailHeader,
  subcomponents: { BackLink, NotFoundSection, DeleteConfirm },
  args: { back: { to: '/offers', label: 'Offers' }, titleId: 'offer-title', title: 'GlowSkin Vitamin C Serum' },
});

/** An offer's page: '← Offers' back to the list, then the title with its actions. */
export const Header = meta.story({
  args: { children: <Button size="sm">Delete offer</Button> },
  play: async ({ canvas, step }) => {
    await step('The link back names the list; its arrow is hidden from screen readers', async () => {
      const back = canvas.getByRole('link', { name: 'Offers' });
      await expect(back).toHaveAttribute('href', '/offers');
      await expect(back).toHaveTextContent('← Offers');
    });
    await step('The title is the page heading, with the actions beside it', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'GlowSkin Vitamin C Serum' })).toHaveAttribute('id', 'offer-title');
      await expect(canvas.getByRole('button', { name: 'Delete offer' })).toBeVisible();
    });
  },
});

/** A wrong or deleted id: the heading, what happened, and the way back. */
export const NotFound = meta.story({
  render: () => <NotFoundSection id="offer-missing" title="Offer not found" noun="offer" back={{ to: '/offers', label: 'Offers' }} />,
  play: async ({ canvas, step }) => {
    await step('It says there is no such offer and links back to the list', async () => {
      await expect(canvas.getByRole('region', { name: 'Offer not found' })).toBeVisible();
      await expect(canvas.getByRole('alert')).toHaveTextContent('There is no offer with this ID. It may have been deleted.');
      await expect(canvas.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
    });
  },
});

const deleted = fn<(name: string) => Promise<void>>();

/** Delete asks first; a refused delete keeps the question open, Delete again goes through and closes it. */
function DeleteFlow() {
  const [item, setItem] = useState<string | null>(null);
  // The screens' runner: a refused delete keeps the dialog open.
  const [busy, run] = useBusyAction();
  const [refusals, setRefusals] = useState(1);
  return (
    <>
      <Button onPress={() => setItem('Night Cream')}>Delete Night Cream</Button>
      <DeleteConfirm
        item={item}
        title="Delete product"
        message={`Are you sure you want to delete ${item ?? ''}?`}
        busy={busy}
        run={run}
        onDelete={async (name) => {
          await deleted(name);
          if (refusals > 0) {
            setRefusals((n) => n - 1);
            throw new Error('Product is in use');
          }
        }}
        onClose={() => setItem(null)}
      />
    </>
  );
}

export const Delete = meta.story({
  render: () => <DeleteFlow />,
  play: async ({ canvas, userEvent, step }) => {
    deleted.mockClear();
    await step('Delete asks first, naming the item', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete Night Cream' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete product' });
      await expect(dialog).toHaveTextContent('Are you sure you want to delete Night Cream?');
    });
    await step('A refused delete leaves the question open', async () => {
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deleted).toHaveBeenCalledWith('Night Cream'));
      await expect(screen.getByRole('alertdialog', { name: 'Delete product' })).toBeVisible();
    });
    await step('Delete again goes through and closes it', async () => {
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(deleted).toHaveBeenCalledTimes(2);
    });
  },
});
