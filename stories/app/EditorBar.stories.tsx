import preview from '../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { EditorBar } from '../../src/app/editing/EditorBar';
import { checkoutPage } from '../../tests/fixtures/demo';
import { snapshot, storeOf } from '../helpers';
import { at } from '../../tests/at';
import { apiHandlers } from '../../.storybook/handlers';
import { liveConnection } from '../../src/api/live-status';

const doc = `page:${checkoutPage.ID}` as const;
const meta = preview.meta({
  title: 'App/EditorBar',
  component: EditorBar,
  args: { docs: [doc], onSaved: fn() },
  parameters: { editorDocs: { [doc]: checkoutPage } },
});

type P = { meta: { headline: string } };

/** Nothing edited: undo/redo disabled, all saved. */
export const Clean = meta.story({
  play: async ({ canvas, step }) => {
    await step('Nothing to undo or redo', async () => {
      await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Redo' })).toBeDisabled();
    });
    await step('All changes saved', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved');
    });
  },
});

/** Edits show in the history; undo/redo by button; Save sends them and the bar says so. */
export const EditUndoSave = meta.story({
  play: async ({ canvas, userEvent, loaded, args, step }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await step('Edit the headline: Undo offered, unsaved', async () => {
      store.actions.edit(doc, 'Set headline', (d) => {
        d.meta.headline = 'New headline';
      });
      await expect(await canvas.findByRole('button', { name: 'Undo Set headline' })).toBeEnabled();
      await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes');
    });
    await step('The history lists the edit', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'History (1)' }));
      await expect(canvas.getByRole('list', { name: 'History' })).toHaveTextContent('Set headline');
    });
    await step('Undo and redo by the buttons', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Undo Set headline' }));
      await expect(snapshot(store, doc)).toEqual(before);
      await userEvent.click(canvas.getByRole('button', { name: 'Redo Set headline' }));
      await expect(snapshot<P>(store, doc).meta.headline).toBe('New headline');
    });
    // Keyboard: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo.
    await step('Undo and redo by the keyboard', async () => {
      await userEvent.keyboard('{Control>}z{/Control}');
      await expect(snapshot(store, doc)).toEqual(before);
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await expect(snapshot<P>(store, doc).meta.headline).toBe('New headline');
      await userEvent.keyboard('{Control>}z{/Control}');
      await userEvent.keyboard('{Control>}y{/Control}');
      await expect(snapshot<P>(store, doc).meta.headline).toBe('New headline');
    });
    await step('Save: the proof lists the saved keys; saved', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      // The save-proof dialog lists the edited keys (001 §2, §4).
      const proof = await screen.findByRole('dialog', { name: 'Changes saved' });
      await expect(within(proof).getByRole('region', { name: `Saved keys of Page ${checkoutPage.name}` })).toHaveTextContent('/meta/headline');
      await userEvent.click(within(proof).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('All changes saved'));
      await expect(store.getState().docs[doc]!.version).toBe(checkoutPage.version + 1);
      await expect(args.onSaved).toHaveBeenCalled();
    });
    // History survives the save: undo still works and makes the doc dirty again.
    await step('Undo after the save: unsaved again', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Undo Set headline' }));
      await expect(snapshot(store, doc)).toMatchObject({ meta: before.meta });
      await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes');
    });
  },
});

/**
 * Another operator saves the same price meanwhile (a raw PATCH, as their browser would send):
 * Save meets a 412, the bar shows both values, and "Keep mine" saves mine on the newer version.
 */
export const ConflictAfterSave = meta.story({
  // Its own copy of the API: an earlier story's save must not have moved the page's version.
  parameters: { msw: { handlers: apiHandlers() } },
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    type Prices = { meta: { products: { _price: number }[] } };
    let panel!: HTMLElement;
    await step('Another user changes the price meanwhile', async () => {
      const res = await fetch(`/api/v1/pages/${checkoutPage.ID}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${checkoutPage.version}"` },
        body: JSON.stringify([{ op: 'replace', path: '/meta/products/0/_price', value: 39 }]),
      });
      await expect(res.status).toBe(200);
    });
    await step('Change the price here and save: the conflict panel', async () => {
      store.actions.edit(doc, 'Set price', (d) => {
        at(d.meta.products ?? [], 0, 'product')._price = 44.5;
      });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      panel = await canvas.findByRole('alert', { name: `Conflict in Page ${checkoutPage.name}` });
    });
    await step('Keep my price and apply', async () => {
      await expect(within(panel).getByRole('radio', { name: /Keep theirs: 39/ })).toBeChecked();
      await userEvent.click(within(panel).getByRole('radio', { name: /Keep mine: 44.5/ }));
      await userEvent.click(within(panel).getByRole('button', { name: 'Apply my choices' }));
    });
    await step('The proof; saved with my price', async () => {
      const proof = await screen.findByRole('dialog', { name: 'Changes saved' });
      await userEvent.click(within(proof).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('All changes saved'));
      await expect(at(snapshot<Prices>(store, doc).meta.products, 0, 'product')._price).toBe(44.5);
      await expect(store.getState().docs[doc]!.version).toBe(checkoutPage.version + 2);
    });
  },
});

/**
 * Undo survives a colleague's save: I change the headline and a price and save;
 * another operator moves a package and changes the same price, and the live update brings it.
 * Both undo steps stay; undoing the price asks first (their newer price would be overwritten);
 * keeping theirs skips it, and the headline undo restores exactly the meta I started from, with
 * their move and price intact. Redo puts my headline back.
 */
export const UndoAfterColleagueSaves = meta.story({
  parameters: { msw: { handlers: apiHandlers() } },
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    type M = { meta: { headline: string; products: { uid: string; _price: number }[] } };
    const first = at(checkoutPage.meta.products!, 0, 'product');
    let theirs!: M & { version: number };
    await step('Change the headline and the first price, and save', async () => {
      store.actions.edit(doc, 'Set headline', (d) => {
        d.meta.headline = 'Mine';
      });
      store.actions.edit(doc, 'Set price', (d) => {
        at(d.meta.products ?? [], 0, 'product')._price = 44.5;
      });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Changes saved' })).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('All changes saved'));
    });
    await step('A colleague moves the first package last and sets its price; the live update arrives', async () => {
      const version = store.getState().docs[doc]!.version;
      const last = checkoutPage.meta.products!.length - 1;
      const res = await fetch(`/api/v1/pages/${checkoutPage.ID}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version}"` },
        body: JSON.stringify([
          { op: 'move', from: '/meta/products/0', path: `/meta/products/${last}` },
          { op: 'replace', path: `/meta/products/${last}/_price`, value: 39 },
        ]),
      });
      theirs = (await res.json()) as M & { version: number };
      await expect(store.actions.remoteUpdate(doc, theirs, theirs.version)).toBe('updated');
      await expect(canvas.getByRole('button', { name: 'History (2)' })).toBeInTheDocument();
    });
    await step('Undo the price: the bar asks, since their price would be overwritten', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Undo Set price' }));
      const panel = await canvas.findByRole('alert', { name: `Undo conflict in Page ${checkoutPage.name}` });
      await expect(panel).toHaveTextContent('after you made “Set price”');
      await expect(within(panel).getByRole('radio', { name: /Keep theirs: 39/ })).toBeChecked();
      await expect(within(panel).getByRole('radio', { name: new RegExp(`Keep mine: ${first._price}`) })).not.toBeChecked();
      await expect(canvas.getByRole('button', { name: 'Undo Set price' })).toBeDisabled();
      await userEvent.click(within(panel).getByRole('button', { name: 'Keep all theirs' }));
      await waitFor(() => expect(canvas.queryByRole('alert', { name: /Undo conflict/ })).toBeNull());
    });
    await step('Undo the headline: exactly the meta I started from, with their move and price', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Undo Set headline' }));
      await expect(snapshot<M>(store, doc).meta).toEqual({ ...theirs.meta, headline: checkoutPage.meta.headline });
    });
    await step('Redo puts my headline back', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Redo Set headline' }));
      await expect(snapshot<M>(store, doc).meta).toEqual(theirs.meta);
    });
  },
});

/**
 * A field shows an error (a page name emptied, a warranty switched on without its frame):
 * Save is disabled and the bar lists every failing field by the page's name; fixing them
 * enables Save again.
 */
export const FieldErrorsHoldSave = meta.story({
  play: async ({ canvas, loaded, step }) => {
    const store = storeOf(loaded);
    let list!: HTMLElement;
    await step('Switch warranty on without a frame and clear the name', async () => {
      store.actions.edit(doc, 'Switch warranty on', (d) => {
        d.meta.warranty = 'true';
        delete d.meta.warrantyFrame;
      });
      store.actions.edit(doc, 'Rename page', (d) => {
        d.name = '';
      });
      list = await canvas.findByRole('alert');
    });
    await step('Save is disabled; the fields to fix are listed', async () => {
      await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
      await expect(list).toHaveTextContent('Fix these 2 fields to save:');
      await expect(list).toHaveTextContent(`Page #${checkoutPage.ID}: Please select warranty frame`);
      await expect(canvas.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(/Please select warranty frame/);
    });
    await step('Fix them: Save is enabled, the list goes', async () => {
      store.actions.edit(doc, 'Rename page', (d) => {
        d.name = 'Checkout';
      });
      store.actions.edit(doc, 'Pick frame', (d) => {
        d.meta.warrantyFrame = 'warranty1';
      });
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled());
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/**
 * The live stream is down: the bar says live updates are paused while the tab
 * reconnects, says so briefly when they resume, and goes back to paused on the next drop.
 */
export const LiveUpdatesPaused = meta.story({
  beforeEach: () => {
    liveConnection.set('paused');
    return () => liveConnection.set('idle');
  },
  play: async ({ canvas, step }) => {
    await step('The stream is down: paused, reconnecting', async () => {
      await expect(await canvas.findByText('Live updates paused — reconnecting…')).toBeVisible();
      await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved');
    });
    await step('The stream is back: resumed', async () => {
      liveConnection.set('live');
      await expect(await canvas.findByText('Live updates resumed')).toBeVisible();
      await expect(canvas.queryByText('Live updates paused — reconnecting…')).toBeNull();
    });
    await step('It drops again: paused again', async () => {
      liveConnection.set('paused');
      await expect(await canvas.findByText('Live updates paused — reconnecting…')).toBeVisible();
      await expect(canvas.queryByText('Live updates resumed')).toBeNull();
    });
  },
});
