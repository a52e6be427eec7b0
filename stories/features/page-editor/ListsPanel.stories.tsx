import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { ListsPanel } from '../../../src/features/page-editor/components/panels/ListsPanel';
import { EditorRichTextField } from '../../../src/features/page-editor/components/panels/content';
import { MSG, type ListItem } from '../../../src/model';
import { snapshot, freshId } from '../../helpers';
import { richText, typeAtEnd } from './content-steps';
import { CONTENT_PAGES, expectNothingRecorded, panelMeta, panelStory, removeStep, retype, step as undoStep } from './panel-steps';
import { lockedStory, keyboardDrag, reorderStory } from './panel-stories';

const bold = (m: { list: ListItem[] }) => m.list.map((x) => x.boldText);

const meta = preview.meta({
  title: 'Page editor/ListsPanel',
  component: ListsPanel,
  subcomponents: { EditorRichTextField },
  ...panelMeta(CONTENT_PAGES, { funnelId: 1 }),
});

/** No list: 'No list added'; a new item asks for its text; bold text, rich text and an icon each one step. */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('No list yet', async () => {
      await expect(canvas.getByText(MSG.noList)).toBeVisible();
    });
    const group = () => canvas.getByRole('group', { name: 'List item 1' });
    await step('Add a list item: it asks for its text', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: '+ Add list item' })));
      await expect(m.list).toEqual([{ id: freshId('list'), boldText: '', listText: '', img: '' }]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add list item');
      await expect(within(group()).getByText(MSG.listText)).toBeVisible();
    });
    await step('Type the bold text', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(within(group()).getByLabelText('Bold text'), 'Vegan'));
      await expect(m.list[0].boldText).toBe('Vegan');
    });
    await step('Type the list text: the message goes', async () => {
      const m = await undoStep(store, doc, start, () => typeAtEnd(userEvent, richText(group(), 'List text'), 'and cruelty-free'));
      await expect(m.list[0].listText).toBe('<p>and cruelty-free</p>');
      await expect(within(group()).queryByText(MSG.listText)).toBeNull();
      await expect(store.getState().past.at(-1)!.label).toBe('Set list text');
    });
    await step('Paste an icon address', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.click(within(group()).getByLabelText('Image'));
        await userEvent.paste('/uploads/1/lab-tested.svg');
      });
      await expect(m.list[0].img).toBe('/uploads/1/lab-tested.svg');
    });
  }),
);

/** Editing the list text with bold from the toolbar, then removing an item. */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const group = () => canvas.getByRole('group', { name: 'List item 2' });
    await step('Type bold text into item 2 from the toolbar', async () => {
      await expect(bold(start.meta)).toEqual(['Clinically tested', 'Ships in 24 hours', 'Free shipping']);
      const m = await undoStep(store, doc, start, async () => {
        await typeAtEnd(userEvent, richText(group(), 'List text'), ' ');
        await userEvent.click(within(group()).getByRole('button', { name: 'Bold' }));
        await userEvent.keyboard('today');
      });
      await expect(m.list[1].listText).toBe('<p>from our US warehouse <strong>today</strong></p>');
    });
    await step("Retype item 2's bold text", async () => {
      const m = await undoStep(store, doc, start, () => retype(userEvent, within(group()).getByLabelText('Bold text'), 'Same-day dispatch'));
      await expect(m.list[1].boldText).toBe('Same-day dispatch');
    });
    await step('Remove item 1', async () => {
      await removeStep({ canvas, userEvent, store, doc, start }, 'Remove list item 1', 'Remove list item', bold, ['Same-day dispatch', 'Free shipping']);
    });
  }),
);

/** Keyboard drag: one `move` op 'Move list item'; Escape cancels with nothing recorded. */
export const Reorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: keyboardDrag('Free shipping', 'up', 'Reorder list item Free shipping', 2),
    order: [bold, ['Clinically tested', 'Free shipping', 'Ships in 24 hours']],
    recorded: ['One move is recorded; the moved item keeps its text', 'Move list item', 'list', 2, 1],
    // The moved item keeps its own editor content.
    then: ({ canvas }) =>
      waitFor(() => expect(richText(canvas.getByRole('group', { name: 'List item 2' }), 'List text')).toHaveTextContent('on 3 bottles or more')),
  }),
);

/** An item without text and with an ftp icon: the messages; a bad address typed records nothing. */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    const item = within(canvas.getByRole('group', { name: 'List item 1' }));
    await step('The text and image messages show; nothing is recorded', async () => {
      await expect(item.getByText(MSG.listText)).toBeVisible();
      await expect(item.getByText(MSG.imageUrl)).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Clear the icon address', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.clear(item.getByLabelText('Image')));
      await expect(m.list[0].img).toBe('');
    });
    await step('Type a bad address: the message shows, nothing is recorded', async () => {
      const after = snapshot(store, doc);
      await userEvent.type(item.getByLabelText('Image'), 'javascript:alert(1)');
      await expect(item.getByText(MSG.imageUrl)).toBeVisible();
      await expectNothingRecorded(store, doc, after, 1);
    });
  }),
);

/** A locked funnel: read-only, nothing recorded. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Every field and handle is read-only': async ({ canvas }) => {
      await expect(canvas.getByRole('button', { name: '+ Add list item' })).toBeDisabled();
      for (const f of canvas.getAllByLabelText('Bold text')) await expect(f).toBeDisabled();
      for (const box of canvas.getAllByRole('textbox', { name: 'List text' })) await expect(box).toHaveAttribute('aria-readonly', 'true');
      await expect(canvas.getByRole('button', { name: 'Reorder list item Free shipping' })).toBeDisabled();
    },
    'Clicking add and remove records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByRole('button', { name: '+ Add list item' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Remove list item 1' }));
    },
  }),
);
