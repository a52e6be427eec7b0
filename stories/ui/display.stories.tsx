import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button, DataTable, DevicePreview, EmptyState, ErrorOverlay, LockIcon, notify, Segmented, Tabs } from '../../src/ui';
import { inBox } from '../boxed';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  subcomponents: { DataTable, DevicePreview, ErrorOverlay, LockIcon, Segmented, Tabs },
  args: { message: 'No Pages added' },
} satisfies Meta<typeof EmptyState>;
export default meta;

const addPage = fn();

/** The seed's empty-state wording, announced as status, with an optional action the operator can press. */
export const Empty: StoryObj<typeof meta> = {
  args: { action: <Button onPress={addPage}>Add page</Button> },
  play: async ({ canvas, userEvent, step }) => {
    await step('The empty state', async () => {
      addPage.mockClear();
      await expect(canvas.getByRole('status')).toHaveTextContent('No Pages added');
    });
    await step('Its action is offered', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add page' }));
      await expect(addPage).toHaveBeenCalledTimes(1);
    });
  },
};

/** The global error overlay: message, Try again, and the seed's hint. */
export const Overlay: StoryObj<typeof ErrorOverlay> = {
  render: (a) => <ErrorOverlay {...a} />,
  args: { message: 'Request failed with status 500', onRetry: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The error and what to do', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('If error still occur please contact us or try again later');
    });
    await step('Try again', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalled();
    });
  },
};

/** An API error shows as 'Error' with the first letter capitalised (000 §8); it can be dismissed. */
export const Toast: StoryObj = {
  render: () => <Button onPress={() => notify.error('offer not found')}>Fail</Button>,
  play: async ({ canvas, userEvent, step }) => {
    await step('An error toast', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Fail' }));
      const toast = await canvas.findByRole('alert');
      await expect(toast).toHaveTextContent('Error');
      await expect(toast).toHaveTextContent('Offer not found');
    });
    await step('Dismiss it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Dismiss Error' }));
      await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    });
  },
};

function TabsDemo() {
  const [sel, setSel] = useState('pages');
  return (
    <Tabs
      label="Funnel"
      selected={sel}
      onSelect={setSel}
      items={[
        { id: 'pages', label: 'Pages', content: <p>Pages content</p> },
        { id: 'logs', label: 'Logs', content: <p>Logs content</p> },
      ]}
    />
  );
}

/** Tabs follow clicks and arrow keys. */
export const TabsStory: StoryObj = {
  name: 'Tabs',
  render: () => <TabsDemo />,
  play: async ({ canvas, userEvent, step }) => {
    await step('Pages is shown; click Logs', async () => {
      await expect(canvas.getByText('Pages content')).toBeVisible();
      await userEvent.click(canvas.getByRole('tab', { name: 'Logs' }));
      await expect(canvas.getByText('Logs content')).toBeVisible();
    });
    await step('Arrow left goes back to Pages', async () => {
      await userEvent.keyboard('{ArrowLeft}');
      await expect(canvas.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true');
    });
  },
};

type Row = { id: number; path: string };
/**
 * A table whose rows can be removed with a button in their last cell, grouped by path prefix
 * until it is empty. Its columns are built anew on every render (as screens do with inline
 * callbacks); Refresh renders it again.
 */
function TableDemo({ onRemove }: { onRemove: (id: number) => void }) {
  const [rows, setRows] = useState<Row[]>([
    { id: 1, path: '/checkout/' },
    { id: 2, path: '/checkout/vip/' },
    { id: 3, path: '/thank-you/' },
  ]);
  const [renders, setRenders] = useState(0);
  return (
    <>
      <Button size="sm" onPress={() => setRenders((n) => n + 1)}>
        Refresh ({renders})
      </Button>
      <DataTable<Row>
        label="Pages"
        getRowId={(r) => String(r.id)}
        emptyMessage="No Pages added"
        groupBy={(r) => `/${r.path.split('/')[1]}/`}
        columns={[
          { header: 'ID', accessorKey: 'id' },
          { header: 'Path', accessorKey: 'path' },
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }) => (
              <Button
                size="sm"
                aria-label={`Remove ${row.original.path}`}
                onPress={() => {
                  onRemove(row.original.id);
                  setRows((rs) => rs.filter((r) => r.id !== row.original.id));
                }}
              >
                Remove
              </Button>
            ),
          },
        ]}
        data={rows}
      />
    </>
  );
}

/** Rows grouped by path prefix with counts; a cell's control acts on its own row; the last removal shows the empty state. */
export const Table: StoryObj<typeof TableDemo> = {
  render: (a) => <TableDemo {...a} />,
  args: { onRemove: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    const groups = () => canvas.getAllByRole('rowheader').map((g) => g.textContent);
    await step('Rows grouped by path, with the columns', async () => {
      await expect(groups()).toEqual(['/checkout/ (2)', '/thank-you/ (1)']);
      await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Path', 'Actions']);
    });
    await step('Remove one of a group', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove /checkout/vip/' }));
      await expect(args.onRemove).toHaveBeenLastCalledWith(2);
      await expect(groups()).toEqual(['/checkout/ (1)', '/thank-you/ (1)']);
    });
    await step('Remove the rest of that group', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove /checkout/' }));
      await expect(groups()).toEqual(['/thank-you/ (1)']);
    });
    await step('Remove the last: the empty state', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove /thank-you/' }));
      await expect(canvas.queryByRole('table')).toBeNull();
      await expect(canvas.getByRole('status')).toHaveTextContent('No Pages added');
    });
  },
};

/**
 * A parent's render with new column functions keeps the cells' elements: a button found before
 * the render is the same, still-connected button after it, so a click or a keyboard focus on its
 * way is not lost (cells are called, not remounted).
 */
export const TableCellsSurviveRerender: StoryObj<typeof TableDemo> = {
  render: (a) => <TableDemo {...a} />,
  args: { onRemove: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    let before!: HTMLElement;
    await step("Refresh: the row's button is the same element", async () => {
      before = canvas.getByRole('button', { name: 'Remove /thank-you/' });
      await userEvent.click(canvas.getByRole('button', { name: 'Refresh (0)' }));
      await expect(canvas.getByRole('button', { name: 'Refresh (1)' })).toBeVisible();
      await expect(before.isConnected).toBe(true);
      await expect(canvas.getByRole('button', { name: 'Remove /thank-you/' })).toBe(before);
    });
    await step('Click it: the row is removed', async () => {
      await userEvent.click(before);
      await expect(args.onRemove).toHaveBeenLastCalledWith(3);
    });
  },
};

/** The device toggle sets the frame's width: desktop, tablet, mobile. */
export const Preview: StoryObj<typeof DevicePreview> = {
  render: (a) => <DevicePreview {...a} />,
  args: { title: 'Preview of Checkout', html: '<!doctype html><html lang="en"><body><h1>Checkout</h1></body></html>' },
  play: async ({ canvas, userEvent, step }) => {
    let frame!: HTMLElement;
    await step('Desktop first', async () => {
      frame = canvas.getByTitle('Preview of Checkout');
      await expect(frame).toHaveAttribute('data-device', 'desktop');
    });
    await step('Mobile: 375 px, sandboxed', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
      await expect(frame).toHaveAttribute('data-device', 'mobile');
      await expect(frame).toHaveStyle({ width: '375px' });
      await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    });
  },
};

/**
 * In a narrow space the page is still laid out at the device's width and scaled down to fit,
 * and the frame fills the height there is (here a 616 × 600 px column).
 */
export const PreviewScaledToFit: StoryObj<typeof DevicePreview> = {
  render: (a) => <DevicePreview {...a} />,
  // The one size this story is about: a preview column narrower than a desktop page.
  decorators: [inBox({ width: 616, height: 600 })],
  args: { title: 'Preview of Checkout', html: '<!doctype html><html lang="en"><body><h1>Checkout</h1></body></html>' },
  play: async ({ canvas, userEvent, step }) => {
    let frame!: HTMLElement;
    await step('Laid out at 1200 px, scaled down', async () => {
      frame = canvas.getByTitle('Preview of Checkout');
      await waitFor(() => expect(Number(frame.getAttribute('data-scale'))).toBeLessThan(0.6));
      await expect(frame).toHaveStyle({ width: '1200px' });
    });
    await step('Shown no wider than the well', async () => {
      // Laid out at 1200 px, shown no wider than the well.
      const shown = frame.getBoundingClientRect();
      const well = frame.parentElement?.parentElement?.getBoundingClientRect();
      await expect(shown.width).toBeLessThanOrEqual((well?.width ?? 0) + 1);
      await expect(shown.width).toBeGreaterThan((well?.width ?? 0) - 20);
    });
    await step('Mobile: full scale, 375 px', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
      await waitFor(() => expect(frame).toHaveAttribute('data-scale', '1.000'));
      await expect(frame).toHaveStyle({ width: '375px' });
    });
  },
};

/** The lock icon is an image named "Locked" for screen readers, and no stop for the keyboard: Tab goes past it. */
export const Lock: StoryObj<typeof LockIcon> = {
  render: () => (
    <p>
      <a href="#before">Funnels</a> <LockIcon /> GlowSkin Summer <a href="#after">Open</a>
    </p>
  ),
  play: async ({ canvas, userEvent, step }) => {
    await step('The lock icon is labelled', async () => {
      await expect(canvas.getByRole('img', { name: 'Locked' })).toBeVisible();
    });
    await step('Tab skips past it', async () => {
      canvas.getByRole('link', { name: 'Funnels' }).focus();
      await userEvent.tab();
      await expect(canvas.getByRole('link', { name: 'Open' })).toHaveFocus();
    });
  },
};

/** A single-choice toggle row: click or arrow keys + Space choose; the chosen button is pressed and one is always chosen. */
export const SegmentedChoice: StoryObj = {
  render: function Render() {
    const [v, setV] = useState<'a' | 'b' | 'c'>('a');
    return (
      <>
        <Segmented
          label="Source"
          value={v}
          onChange={setV}
          options={[
            { id: 'a', label: 'Alpha' },
            { id: 'b', label: 'Beta' },
            { id: 'c', label: 'Gamma' },
          ]}
        />
        <output aria-label="Chosen">{v}</output>
      </>
    );
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('Alpha first; choose Gamma', async () => {
      await expect(canvas.getByRole('radio', { name: 'Alpha' })).toBeChecked();
      await userEvent.click(canvas.getByRole('radio', { name: 'Gamma' }));
      await expect(canvas.getByLabelText('Chosen')).toHaveTextContent('c');
    });
    await step('Click Gamma again: it stays chosen', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Gamma' }));
      await expect(canvas.getByRole('radio', { name: 'Gamma' })).toBeChecked();
    });
    await step('Arrow left and Space choose Beta', async () => {
      await userEvent.keyboard('{ArrowLeft} ');
      await expect(canvas.getByLabelText('Chosen')).toHaveTextContent('b');
      await expect(canvas.getByRole('radio', { name: 'Beta' })).toBeChecked();
      await expect(canvas.getByRole('radio', { name: 'Gamma' })).not.toBeChecked();
    });
  },
};
