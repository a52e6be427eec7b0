/**
 * The template editor drawer's Meta tab on its own (001 §2 "Template editor": Meta (raw JSON);
 * 001 §5 "Meta JSON editor: Meta can not be empty!"), on a fresh editor store holding the page:
 * the page's meta as JSON, every refusal in its words (empty, invalid JSON with its place, a
 * `__proto__` key, not an object, a value the page's rules refuse, code that does not parse),
 * nothing recorded for any; a valid Apply ONE command touching only the changed keys, whose
 * undo restores the exact previous meta and redo the edit; Revert; a draft kept when the
 * page's meta changes meanwhile; a locked funnel.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { EditorView } from '@codemirror/view';
import { expect, waitFor } from 'storybook/test';
import { MetaTab } from '../../../src/features/template-editor/components/MetaTab';
import { MSG, type Page } from '../../../src/model';
import { expectNothingRecorded, panelStory, step as undoStep } from '../page-editor/panel-steps';
import { snapshot } from '../../helpers';
import { drawerTabMeta, notLoadedTab } from './drawer-tab';
import { codeEditor, lastCommand, setCode } from './code-steps';
import { drawerEmptyPage, drawerThankYouPage } from './drawer-fixtures';

const meta = preview.meta({
  title: 'Template editor/MetaTab',
  component: MetaTab,
  args: { pageId: drawerThankYouPage.ID, locked: false },
  ...drawerTabMeta(MetaTab, drawerThankYouPage),
});

type Canvas = StoryContext['canvas'];
const apply = (canvas: Canvas) => canvas.getByRole('button', { name: 'Apply' });

/** Filled: the meta as indented JSON; Apply and Revert wait for a change. */
export const Filled = meta.story(
  panelStory(drawerThankYouPage, async ({ canvas, step }) => {
    await step('The meta shows as indented JSON', async () => {
      const editor = await codeEditor(canvas, 'Meta');
      await expect(editor).toHaveTextContent('"headline": "Thank you for your order"');
      // CodeMirror puts only the lines in view in the page: the whole text is read from its document.
      await expect(EditorView.findFromDOM(editor)?.state.doc.toString()).toBe(JSON.stringify(drawerThankYouPage.meta, null, 2));
    });
    await step('Apply and Revert wait for a change', async () => {
      await expect(apply(canvas)).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Revert' })).toBeDisabled();
    });
  }),
);

/** Each refusal in its words, and nothing recorded: empty, invalid JSON (line and column), `__proto__`, an array, a value the page's rules refuse, css that does not parse. */
export const Refusals = meta.story(
  panelStory(drawerThankYouPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    const editor = await codeEditor(canvas, 'Meta');
    const refused = async (text: string, message: string | RegExp) => {
      await setCode(userEvent, editor, text);
      await userEvent.click(apply(canvas));
      await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(message));
      await expectNothingRecorded(store, doc, start, 0);
    };
    await step('Empty meta is refused: Meta can not be empty!', async () => {
      await refused('', MSG.metaEmpty);
      await refused('{}', MSG.metaEmpty);
    });
    await step('Invalid JSON is refused with its place', async () => {
      await refused('{"headline": "Thanks",}', /^Not valid JSON at line 1, column \d+: property name expected$/);
    });
    await step('A __proto__ key is refused and pollutes nothing', async () => {
      await refused('{"headline": "Thanks", "__proto__": {"polluted": true}}', 'The key "__proto__" is not allowed in meta');
      await expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
    await step('An array is refused', async () => {
      await refused('["headline"]', 'Meta must be a JSON object');
    });
    await step("A value the page's rules refuse is refused", async () => {
      await refused('{"headline": 5}', 'headline: Headline must be text');
    });
    await step('CSS that does not parse is refused', async () => {
      await refused('{"css": ".a color: red; }"}', MSG.invalidCode('css'));
    });
  }),
);

/** A valid Apply: ONE command naming and touching only the changed keys (one replaced, one removed, one added); undo gives the exact previous meta, redo the edit; the editor follows. */
export const ApplyChangedKeys = meta.story(
  panelStory(drawerThankYouPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    const editor = await codeEditor(canvas, 'Meta');
    const { subject: _dropped, ...kept } = drawerThankYouPage.meta as Record<string, unknown>;
    const next = { ...kept, headline: 'Thanks for your order!', badge: 'VIP' };
    await step('Apply a changed, a removed and an added key: one command naming them', async () => {
      await setCode(userEvent, editor, JSON.stringify(next, null, 2));
      const m = await undoStep(store, doc, start, () => userEvent.click(apply(canvas)));
      await expect(m).toEqual(next);
      const cmd = lastCommand(store);
      await expect(cmd.label).toBe('Edit meta: headline, subject, badge');
      await expect(cmd.commands).toBe(1);
      await expect([...cmd.paths].sort()).toEqual(['/meta/badge', '/meta/headline', '/meta/subject']);
    });
    await step('Undo restores the previous meta; the editor follows', async () => {
      store.actions.undo();
      await expect(snapshot<Page>(store, doc).meta).toEqual(drawerThankYouPage.meta);
      await waitFor(() => expect(editor).toHaveTextContent('"headline": "Thank you for your order"'));
    });
    await step('Redo gives the edit again; the editor follows', async () => {
      store.actions.redo();
      await expect(snapshot<Page>(store, doc).meta).toEqual(next);
      await waitFor(() => expect(editor).toHaveTextContent('"headline": "Thanks for your order!"'));
    });
  }),
);

/** Revert drops the draft and the refusal: the stored meta again, nothing recorded. */
export const Revert = meta.story(
  panelStory(drawerThankYouPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    const editor = await codeEditor(canvas, 'Meta');
    await step('Apply invalid JSON: refused', async () => {
      await setCode(userEvent, editor, '{"headline": 1,}');
      await userEvent.click(apply(canvas));
      await expect(await canvas.findByRole('alert')).toBeVisible();
    });
    await step('Revert shows the stored meta again; nothing recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Revert' }));
      await waitFor(() => expect(editor).toHaveTextContent('"headline": "Thank you for your order"'));
      await expect(canvas.queryByRole('alert')).toBeNull();
      await expect(apply(canvas)).toBeDisabled();
      await expectNothingRecorded(store, doc, start, 0);
    });
  }),
);

/** The page's meta changes while a draft is open (another tab): the note says so; Apply changes only the key the operator edited and keeps the other change. */
export const ChangedMeanwhile = meta.story(
  panelStory(drawerThankYouPage, async ({ canvas, userEvent, step, store, doc }) => {
    const editor = await codeEditor(canvas, 'Meta');
    await step('Edit the headline while another tab changes the subject: the note says so', async () => {
      await setCode(userEvent, editor, JSON.stringify({ ...drawerThankYouPage.meta, headline: 'Thanks!' }, null, 2));
      store.actions.edit(doc, 'Edit Subject', (d) => {
        d.meta.subject = 'Your order';
      });
      await expect(await canvas.findByText(/The page's meta changed while you edited it here/)).toBeVisible();
    });
    await step('Apply changes only the headline and keeps the other change', async () => {
      await userEvent.click(apply(canvas));
      await waitFor(() => expect(store.getState().past).toHaveLength(2));
      await expect(snapshot<Page>(store, doc).meta).toEqual({ ...drawerThankYouPage.meta, headline: 'Thanks!', subject: 'Your order' });
      await expect(lastCommand(store)).toEqual({ label: 'Edit meta: headline', commands: 1, paths: ['/meta/headline'] });
    });
  }),
);

/** An empty meta shows `{}` with no message; a first key is one step. */
export const EmptyMeta = meta.story(
  panelStory(
    drawerEmptyPage,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      const editor = await codeEditor(canvas, 'Meta');
      await step('An empty meta shows {} with no message', async () => {
        await expect(editor).toHaveTextContent('{}');
        await expect(canvas.queryByRole('alert')).toBeNull();
      });
      await step('Apply a first key: one step', async () => {
        await setCode(userEvent, editor, '{"headline": "Thanks"}');
        const m = await undoStep(store, doc, start, () => userEvent.click(apply(canvas)));
        await expect(m).toEqual({ headline: 'Thanks' });
      });
    },
    { args: { pageId: drawerEmptyPage.ID } },
  ),
);

/** A locked funnel: the editor read-only, Apply and Revert disabled, nothing recorded. */
export const Locked = meta.story(
  panelStory(
    drawerThankYouPage,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      const editor = await codeEditor(canvas, 'Meta');
      await step('The editor is read-only', async () => {
        await expect(editor).toHaveAttribute('aria-readonly', 'true');
      });
      await step('Typing changes nothing; Apply and Revert stay disabled, nothing recorded', async () => {
        await userEvent.click(editor);
        await userEvent.keyboard('x');
        await expect(apply(canvas)).toBeDisabled();
        await expect(canvas.getByRole('button', { name: 'Revert' })).toBeDisabled();
        await expectNothingRecorded(store, doc, start, 0);
      });
    },
    { args: { locked: true } },
  ),
);

/** The page is not in the editor store yet: 'Loading page…'. */
export const NotLoaded = meta.story(notLoadedTab);
