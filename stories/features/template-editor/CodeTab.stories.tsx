/**
 * The template editor drawer's CSS and Javascript tabs on their own (001 §2 "Template editor":
 * CSS and Javascript custom editors; 000 §5 "Invalid code gives 'Not valid {language} code'"),
 * on a fresh editor store holding the page: the stored code shown, code that does not parse
 * refused with the seed's message (nothing recorded), valid code ONE command whose undo restores the exact previous page and redo the edit (the
 * editor following both), leaving the editor applying too, a locked funnel read-only, and a
 * page not loaded yet.
 */
import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { CodeTab } from '../../../src/features/template-editor/components/CodeTab';
import { MSG } from '../../../src/model';
import { expectNothingRecorded, panelStory, step as undoStep } from '../page-editor/panel-steps';
import { drawerTabMeta, notLoadedTab } from './drawer-tab';
import { codeEditor, lastCommand, setCode, stepAppliedCode, stepCodeEditor, stepRefusedCode, stepUndoRedoCode } from './code-steps';
import { drawerCheckoutPage } from './drawer-fixtures';

const meta = preview.meta({
  title: 'Template editor/CodeTab',
  component: CodeTab,
  args: { pageId: drawerCheckoutPage.ID, language: 'css' as const, locked: false },
  ...drawerTabMeta(CodeTab, drawerCheckoutPage),
});

const STORED_CSS = '.hero { color: #1c2330; }';

/** CSS: the stored code; Apply waits for a change; code that does not parse is 'Not valid css code' and records nothing; valid code is one 'Edit CSS' step, undo and redo exact and shown. */
export const Css = meta.story(
  panelStory(
    drawerCheckoutPage,
    async (ctx) => {
      const { canvas, step } = ctx;
      const editor = await stepCodeEditor(step, 'The stored CSS shows; Apply waits for a change', canvas, 'CSS', {
        before: () => expect(canvas.getByRole('heading', { level: 2, name: 'CSS' })).toBeVisible(),
        text: STORED_CSS,
        shows: () => expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled(),
      });
      await stepRefusedCode(ctx, "Apply CSS that does not parse: the seed's message, nothing recorded", editor, '.hero color: red; }', 'css', async () => {
        await expect(MSG.invalidCode('css')).toBe('Not valid css code');
        await expect(editor).toHaveAttribute('aria-invalid', 'true');
      });
      const css = '.hero { color: #b00000; }\n.cta { font-weight: 700; }';
      await stepAppliedCode(ctx, 'Apply valid CSS: one Edit CSS step', editor, css, ['css', 'Edit CSS'], { unmarked: 'css' });
      await stepUndoRedoCode(ctx, 'Undo restores the stored CSS; redo the new one', editor, STORED_CSS, css);
    },
    { args: { language: 'css' as const } },
  ),
);

/** Javascript: a syntax error is 'Not valid javascript code' (nothing recorded); valid code is one 'Edit Javascript' step on meta.customJs. */
export const Javascript = meta.story(
  panelStory(
    drawerCheckoutPage,
    async (ctx) => {
      const editor = await stepCodeEditor(ctx.step, 'The stored Javascript shows', ctx.canvas, 'Javascript', {
        text: 'window.dataLayer = window.dataLayer || [];',
      });
      await stepRefusedCode(ctx, "Apply a syntax error: the seed's message, nothing recorded", editor, 'const total = ;', 'javascript');
      const js = 'window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: "checkout" });';
      await stepAppliedCode(ctx, 'Apply valid Javascript: one Edit Javascript step', editor, js, ['customJs', 'Edit Javascript'], {
        also: (m) => expect(m.css).toBe(STORED_CSS),
      });
    },
    { args: { language: 'javascript' as const } },
  ),
);

/** Leaving the editor (a click beside it) applies what was typed: one 'Edit CSS' step, no Apply press. */
export const LeavingApplies = meta.story(
  panelStory(
    drawerCheckoutPage,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      let editor!: HTMLElement;
      const css = 'h1 { margin: 0; }';
      await step('Paste CSS: nothing recorded yet', async () => {
        editor = await codeEditor(canvas, 'CSS');
        await setCode(userEvent, editor, css);
        await expectNothingRecorded(store, doc, start, 0);
      });
      await step('Click beside the editor: one Edit CSS step', async () => {
        const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('heading', { level: 2, name: 'CSS' })));
        await expect(m.css).toBe(css);
        await expect(lastCommand(store).label).toBe('Edit CSS');
      });
    },
    { args: { language: 'css' as const } },
  ),
);

/** A locked funnel: the editor read-only, Apply disabled, a key press changes nothing and nothing is recorded. */
export const Locked = meta.story(
  panelStory(
    drawerCheckoutPage,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      const editor = await stepCodeEditor(step, 'The editor is read-only, Apply disabled', canvas, 'CSS', {
        shows: async (shown) => {
          await expect(shown).toHaveAttribute('aria-readonly', 'true');
          await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
        },
      });
      await step('A key press changes nothing; nothing recorded', async () => {
        await userEvent.click(editor);
        await userEvent.keyboard('x');
        await userEvent.tab();
        await expect(editor).toHaveTextContent(STORED_CSS);
        await expectNothingRecorded(store, doc, start, 0);
      });
    },
    { args: { language: 'css' as const, locked: true } },
  ),
);

/** A page without custom code: an empty editor; the first code is one step that adds meta.css. */
export const NoCodeYet = meta.story(
  panelStory(
    { ...drawerCheckoutPage, ID: 61, meta: { headline: 'Choose your package' } },
    async ({ canvas, userEvent, step, store, doc, start }) => {
      const editor = await stepCodeEditor(step, 'The editor is empty', canvas, 'CSS', { shows: (shown) => expect(shown.textContent).toBe('') });
      await step('Paste and apply the first CSS: meta.css is added', async () => {
        const m = await undoStep(store, doc, start, async () => {
          await setCode(userEvent, editor, 'body { margin: 0; }');
          await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
        });
        await expect(m).toEqual({ headline: 'Choose your package', css: 'body { margin: 0; }' });
      });
    },
    { args: { language: 'css' as const } },
  ),
);

/** The page is not in the editor store yet: 'Loading page…'. */
export const NotLoaded = meta.story(notLoadedTab);
