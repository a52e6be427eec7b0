import preview from '../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { ConflictPanel } from '../../src/app/editing/ConflictPanel';
import type { DocConflict } from '../../src/editor';
import { checkoutPage } from '../../tests/fixtures/demo';
import { at } from '../../tests/at';

const doc = `page:${checkoutPage.ID}` as const;
const products = checkoutPage.meta.products!;

/** Two collisions: a price both operators changed, and a package the other one removed. */
const conflict: DocConflict = {
  source: 'save',
  current: { value: checkoutPage, version: checkoutPage.version + 1 },
  base: checkoutPage,
  unsent: [],
  items: [
    { id: '/meta/products/0/_price', kind: 'changed', path: '/meta/products/0/_price', mine: 44.5, theirs: 39 },
    { id: '/meta/products/1', kind: 'removed', path: '/meta/products/1', mine: { ...products[1], _price: 71 }, theirs: undefined },
  ],
};

const meta = preview.meta({
  title: 'App/ConflictPanel',
  component: ConflictPanel,
  args: { doc, conflict, onResolve: fn() },
});

/** Each colliding place names the item by its package name and shows both values; theirs is preselected. */
export const BothValues = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let price!: HTMLElement;
    await step('The panel names the two clashes; theirs is chosen', async () => {
      const panel = canvas.getByRole('alert', { name: `Conflict in ${doc}` });
      await expect(panel).toHaveTextContent('except 2 places where you both changed the same thing');
      price = within(panel).getByRole('radiogroup', { name: `meta › products › “${at(products, 0, 'product')._package_name}” › _price` });
      await expect(within(price).getByRole('radio', { name: /Keep theirs: 39/ })).toBeChecked();
      await expect(within(price).getByRole('radio', { name: /Keep mine: 44.5/ })).not.toBeChecked();
      await expect(panel).toHaveTextContent(`meta › products › “${at(products, 1, 'product')._package_name}” — removed by someone else`);
    });
    // The operator keeps their price and lets the removal stand.
    await step('Keep my price and apply: the choice is passed on', async () => {
      await userEvent.click(within(price).getByRole('radio', { name: /Keep mine/ }));
      await userEvent.click(canvas.getByRole('button', { name: 'Apply my choices' }));
      await expect(args.onResolve).toHaveBeenCalledWith({ '/meta/products/0/_price': 'mine' });
    });
  },
});

/** One click keeps every value of the other operator, or every one of mine. */
export const AllAtOnce = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Keep all theirs', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Keep all theirs' }));
      await expect(args.onResolve).toHaveBeenLastCalledWith('keep-theirs');
    });
    await step('Keep all mine', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Keep all mine' }));
      await expect(args.onResolve).toHaveBeenLastCalledWith('overwrite');
    });
  },
});

/**
 * Before an undo that would overwrite someone else's newer value: the panel names
 * the step and what undoing it would overwrite; keeping theirs skips that part.
 */
export const UndoQuestion = meta.story({
  args: {
    conflict: {
      source: 'undo',
      entry: 'c1',
      label: 'Set price',
      doc,
      base: checkoutPage,
      choices: {},
      items: [{ id: '/meta/products/0/_price', kind: 'changed', path: '/meta/products/0/_price', mine: 29.95, theirs: 39 }],
    },
  },
  play: async ({ canvas, userEvent, args, step }) => {
    const panel = canvas.getByRole('alert', { name: `Undo conflict in ${doc}` });
    await step('The step and what it would overwrite are named', async () => {
      await expect(panel).toHaveTextContent('Someone else changed page:11 after you made “Set price”.');
      await expect(panel).toHaveTextContent('Undoing it would overwrite their change in one place.');
      await expect(within(panel).getByRole('radio', { name: /Keep theirs: 39/ })).toBeChecked();
    });
    await step('Keep mine and apply: the undo goes ahead with my value', async () => {
      await userEvent.click(within(panel).getByRole('radio', { name: /Keep mine: 29.95/ }));
      await userEvent.click(canvas.getByRole('button', { name: 'Apply my choices' }));
      await expect(args.onResolve).toHaveBeenCalledWith({ '/meta/products/0/_price': 'mine' });
    });
  },
});
