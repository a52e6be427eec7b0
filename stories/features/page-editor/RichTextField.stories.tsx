import preview from '../../../.storybook/preview';
import { useCallback } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { RichTextField } from '../../../src/ui/rich-text/RichTextField';
import { useDoc, useEditor } from '../../../src/editor';
import { MSG, isBlankHtml, type Page, type PageContent } from '../../../src/model';
import { snapshot } from '../../helpers';
import { richText, typeAtEnd } from './content-steps';
import { CONTENT_PAGES, docOf, expectNothingRecorded, panelMeta, panelStory, retype, step as undoStep } from './panel-steps';
import { lockedStory } from './panel-stories';
import { at } from '../../../tests/at';

/**
 * The field as the Lists panel uses it: bound to the first list item's `listText` (created by
 * the first edit when the page has no list), each change one coalescing command of the page
 * editor's log, the model's message while the text is blank; `locked` makes it read-only.
 */
function ListText({ pageId, locked = false }: { pageId: number; locked?: boolean }) {
  const doc = docOf(pageId);
  const page = useDoc(doc);
  const { edit, undo, redo } = useEditor();
  const item = (page?.meta as PageContent | undefined)?.list?.[0];
  const onChange = useCallback(
    (html: string) => {
      edit(
        doc,
        'Set list text',
        (d: Page) => {
          const m = d.meta as PageContent;
          at((m.list ??= [{ id: 'list-1', boldText: '', listText: '', img: '' }]), 0, 'list item').listText = html;
        },
        { mergeKey: 'list-1/listText' },
      );
    },
    [doc, edit],
  );
  if (!page) return <p role="status">Loading page…</p>;
  return (
    <RichTextField
      label="List text"
      value={item?.listText ?? ''}
      onChange={onChange}
      disabled={locked}
      help="Follows the bold text."
      onUndo={undo}
      onRedo={redo}
      error={item && isBlankHtml(item.listText) ? MSG.listText : undefined}
    />
  );
}

const meta = preview.meta({ title: 'Page editor/RichTextField', component: ListText, ...panelMeta(CONTENT_PAGES) });

const box = (canvas: HTMLElement) => richText(canvas, 'List text');
const tool = (canvas: HTMLElement, name: string) => within(within(canvas).getByRole('group', { name: 'List text formatting' })).getByRole('button', { name });

/**
 * Empty: typing, then Bold from the toolbar (shown pressed), then more typing is one step whose
 * meta holds the sanitized HTML; Ctrl+Z / Ctrl+Shift+Z in the field undo and redo it through
 * the command log, and the field shows each result.
 */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvasElement, userEvent, step, store, doc, start }) => {
    await step('The field is empty with its help; no tool is pressed', async () => {
      await expect(box(canvasElement)).toHaveTextContent(/^$/);
      await expect(box(canvasElement)).toHaveAccessibleDescription('Follows the bold text.');
      for (const name of ['Bold', 'Italic', 'Underline', 'Link']) await expect(tool(canvasElement, name)).toHaveAttribute('aria-pressed', 'false');
    });
    await step('Type, press Bold, type more: one step', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await typeAtEnd(userEvent, box(canvasElement), 'Vegan ');
        await userEvent.click(tool(canvasElement, 'Bold'));
        await expect(tool(canvasElement, 'Bold')).toHaveAttribute('aria-pressed', 'true');
        await userEvent.keyboard('formula');
      });
      await expect(m.list).toEqual([{ id: 'list-1', boldText: '', listText: '<p>Vegan <strong>formula</strong></p>', img: '' }]);
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Set list text']);
      await expect(tool(canvasElement, 'Link')).toHaveAttribute('aria-pressed', 'false');
    });
    await step('Ctrl+Z in the field undoes it', async () => {
      box(canvasElement).focus();
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(snapshot(store, doc)).toEqual(start));
      await waitFor(() => expect(box(canvasElement)).toHaveTextContent(/^$/));
    });
    await step('Ctrl+Shift+Z redoes it, bold included', async () => {
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await waitFor(() => expect(snapshot(store, doc).meta.list[0].listText).toBe('<p>Vegan <strong>formula</strong></p>'));
      await waitFor(() => expect(box(canvasElement)).toHaveTextContent('Vegan formula'));
      await expect(box(canvasElement).querySelector('strong, b')).toHaveTextContent('formula');
    });
  }),
);

/**
 * Stored text: Ctrl+B then typing appends bold text; pasted HTML is stored sanitized (no
 * script, image or handler; b as strong); a link needs an allowed address (a javascript: one
 * shows the message and records nothing), a valid one wraps the selection.
 */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvasElement, userEvent, step, store, doc, start }) => {
    await step('Ctrl+B and type: bold text is appended', async () => {
      await expect(box(canvasElement)).toHaveTextContent('formula trusted by 50,000+ customers');
      const m = await undoStep(store, doc, start, async () => {
        await typeAtEnd(userEvent, box(canvasElement), ' ');
        await userEvent.keyboard('{Control>}b{/Control}');
        await userEvent.keyboard('daily');
      });
      await expect(m.list[0].listText).toBe('<p>formula trusted by 50,000+ customers <strong>daily</strong></p>');
      await expect(m.list.slice(1)).toEqual(start.meta.list.slice(1));
    });
    await step('Paste HTML over everything: stored sanitized', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.click(box(canvasElement));
        await userEvent.keyboard('{Control>}a{/Control}');
        const data = new DataTransfer();
        data.setData('text/html', '<p onclick="alert(1)">Pure <b>aloe</b><img src="x" onerror="alert(1)"><script>alert(1)</script></p>');
        data.setData('text/plain', 'Pure aloe');
        await userEvent.paste(data);
      });
      await expect(m.list[0].listText).toBe('<p>Pure <strong>aloe</strong></p>');
    });
    let address!: HTMLElement;
    await step('A javascript: link shows the message and records nothing', async () => {
      const entries = store.getState().past.length;
      const before = snapshot(store, doc);
      box(canvasElement).focus();
      await userEvent.keyboard('{Control>}a{/Control}');
      await userEvent.click(tool(canvasElement, 'Link'));
      address = within(canvasElement).getByLabelText('Link address');
      await userEvent.clear(address);
      await userEvent.type(address, 'javascript:alert(1)');
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Apply link' }));
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MSG.linkUrl);
      await expectNothingRecorded(store, doc, before, entries);
    });
    await step('A valid address wraps the selection in a link', async () => {
      const m = await undoStep(store, doc, start, () => retype(userEvent, address, 'https://glowskin.example/aloe{Enter}'));
      await expect(m.list[0].listText).toBe('<p><a href="https://glowskin.example/aloe">Pure <strong>aloe</strong></a></p>');
      await expect(within(canvasElement).queryByLabelText('Link address')).toBeNull();
      await waitFor(() => expect(tool(canvasElement, 'Link')).toHaveAttribute('aria-pressed', 'true'));
      // The link form went away: focus is back on its button.
      await waitFor(() => expect(tool(canvasElement, 'Link')).toHaveFocus());
    });
  }),
);

/** Blank stored text: the model's message, tied to the field and announced; typing is one step and clears it. */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvasElement, userEvent, step, store, doc, start }) => {
    await step('The message is tied to the field and announced', async () => {
      await expect(box(canvasElement)).toHaveAttribute('aria-invalid', 'true');
      await expect(box(canvasElement)).toHaveAccessibleDescription(`Follows the bold text. ${MSG.listText}`);
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MSG.listText);
    });
    await step('Type text: one step, the message goes', async () => {
      const m = await undoStep(store, doc, start, () => typeAtEnd(userEvent, box(canvasElement), 'Fragrance free'));
      await expect(m.list[0]).toEqual({ ...start.meta.list[0], listText: '<p>Fragrance free</p>' });
      await expect(box(canvasElement)).not.toHaveAttribute('aria-invalid');
      await expect(within(canvasElement).queryByRole('alert')).toBeNull();
    });
  }),
);

/** Read-only: not editable, toolbar disabled; clicking, typing and shortcuts record nothing. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'The field is read-only, the toolbar disabled': async ({ canvasElement }) => {
      await expect(box(canvasElement)).toHaveAttribute('contenteditable', 'false');
      await expect(box(canvasElement)).toHaveAttribute('aria-readonly', 'true');
      for (const name of ['Bold', 'Italic', 'Underline', 'Link']) await expect(tool(canvasElement, name)).toBeDisabled();
    },
    'Clicking, typing and Ctrl+B record nothing': async ({ canvasElement, userEvent }) => {
      await userEvent.click(box(canvasElement));
      await userEvent.keyboard('typed while locked{Control>}b{/Control}');
      await expect(box(canvasElement)).toHaveTextContent('formula trusted by 50,000+ customers');
    },
  }),
);
