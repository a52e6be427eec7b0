import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button, DataTable, DevicePreview, EmptyState, ErrorOverlay, LockIcon, notify, Tabs } from '../../src/ui';

const meta = { title: 'UI/EmptyState', component: EmptyState, args: { message: 'No Pages added' } } satisfies Meta<typeof EmptyState>;
export default meta;

/** The seed's empty-state wording, announced as status, with an optional action. */
export const Empty: StoryObj<typeof meta> = {
  args: { action: <Button>Add page</Button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No Pages added');
    await expect(canvas.getByRole('button', { name: 'Add page' })).toBeVisible();
  },
};

/** The global error overlay: message, Try again, and the seed's hint. */
export const Overlay: StoryObj<typeof ErrorOverlay> = {
  render: (a) => <ErrorOverlay {...a} />,
  args: { message: 'Request failed with status 500', onRetry: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('If error still occur please contact us or try again later');
    await userEvent.click(canvas.getByRole('link', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** An API error shows as 'Error' with the first letter capitalised (000 §8); it can be dismissed. */
export const Toast: StoryObj = {
  render: () => <Button onPress={() => notify.error('offer not found')}>Fail</Button>,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Fail' }));
    const toast = await canvas.findByRole('alert');
    await expect(toast).toHaveTextContent('Error');
    await expect(toast).toHaveTextContent('Offer not found');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss Error' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

function TabsDemo() {
  const [sel, setSel] = useState('pages');
  return <Tabs label="Funnel" selected={sel} onSelect={setSel} items={[
    { id: 'pages', label: 'Pages', content: <p>Pages content</p> },
    { id: 'logs', label: 'Logs', content: <p>Logs content</p> },
  ]} />;
}

/** Tabs follow clicks and arrow keys. */
export const TabsStory: StoryObj = {
  name: 'Tabs',
  render: () => <TabsDemo />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Pages content')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Logs' }));
    await expect(canvas.getByText('Logs content')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true');
  },
};

type Row = { id: number; path: string };
/** A table grouped by path prefix; empty data shows the empty state. */
export const Table: StoryObj = {
  render: () => (
    <>
      <DataTable<Row> label="Pages" getRowId={(r) => String(r.id)} emptyMessage="No Pages added" groupBy={(r) => `/${r.path.split('/')[1]}/`}
        columns={[{ header: 'ID', accessorKey: 'id' }, { header: 'Path', accessorKey: 'path' }]}
        data={[{ id: 1, path: '/checkout/' }, { id: 2, path: '/checkout/vip/' }, { id: 3, path: '/thank-you/' }]} />
      <DataTable<Row> label="None" getRowId={(r) => String(r.id)} emptyMessage="No Pages added" columns={[{ header: 'ID', accessorKey: 'id' }]} data={[]} />
    </>
  ),
  play: async ({ canvas }) => {
    const groups = canvas.getAllByRole('rowheader');
    await expect(groups.map((g) => g.textContent)).toEqual(['/checkout/ (2)', '/thank-you/ (1)']);
    await expect(canvas.getByRole('status')).toHaveTextContent('No Pages added');
  },
};

/** The device toggle sets the frame's width: desktop, tablet, mobile. */
export const Preview: StoryObj<typeof DevicePreview> = {
  render: (a) => <DevicePreview {...a} />,
  args: { title: 'Preview of Checkout', html: '<!doctype html><html lang="en"><body><h1>Checkout</h1></body></html>' },
  play: async ({ canvas, userEvent }) => {
    const frame = canvas.getByTitle('Preview of Checkout');
    await expect(frame).toHaveAttribute('data-device', 'desktop');
    await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
    await expect(frame).toHaveAttribute('data-device', 'mobile');
    await expect(frame).toHaveStyle({ width: '375px' });
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  },
};

/** The lock icon is an image named "Locked" for screen readers. */
export const Lock: StoryObj<typeof LockIcon> = {
  render: () => <p><LockIcon /> GlowSkin Summer</p>,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Locked' })).toBeVisible();
  },
};
