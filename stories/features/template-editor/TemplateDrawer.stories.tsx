/**
 * The template editor's side drawer (001 §2 "Template editor"): which tabs a
 * template's meta shows (src/features/template-editor/drawer-tabs.ts, our reading of the seed),
 * the page editor's panels reused through the app's panel slots, the CSS / Javascript editors
 * ('Not valid css code', 'Not valid javascript code'), the Meta raw JSON editor ('Meta can not
 * be empty!', invalid JSON with its place, one command naming only the changed keys), Page SEO
 * (one command per field while typing), and the locked funnel. Every recorded change is
 * checked as one undo step whose undo gives the exact previous page and redo the edited one.
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { TemplateDrawer } from '../../../src/features/template-editor/components/TemplateDrawer';
import { pagePanelSlots } from '../../../src/features/page-editor/panel-slots';
import { PanelForPageType } from '../../../src/features/page-editor/panel-slot-bodies';
import type { DocId, EditorStore } from '../../../src/editor';
import { MSG, type Page } from '../../../src/model';
import { PanelSlotsProvider } from '../../../src/ui';
import { DRAWER_TAB_LABELS } from '../../../tests/fixtures/demo';
import { snapshot, storeOf } from '../../helpers';
import { expectNothingRecorded, step as undoStep } from '../page-editor/panel-steps';
import { codeEditor, lastCommand, setCode, stepAppliedCode, stepCodeEditor, stepRefusedCode, stepUndoRedoCode } from './code-steps';
import { checkoutTemplateMeta, drawerCheckoutPage, drawerEmptyPage, drawerNoTemplatePage, drawerThankYouPage, thankYouTemplateMeta } from './drawer-fixtures';
import { boxed } from '../../boxed';

const money = { currency: 'USD', language: 'en' };
const docOf = (p: Page): DocId<'page'> => `page:${p.ID}`;

const meta = preview.meta({
  title: 'Template editor/TemplateDrawer',
  component: TemplateDrawer,
  // PanelForPageType: each slot's panel only on the page types that render it (story PresellWithCheckoutKeys).
  subcomponents: { PanelSlotsProvider, PanelForPageType },
  args: { pageId: drawerCheckoutPage.ID, funnelId: 1, offerId: 10234, templateMeta: checkoutTemplateMeta, locked: false, money },
  parameters: { editorDocs: { [docOf(drawerCheckoutPage)]: drawerCheckoutPage } },
  // The app provides the page editor's panels around every screen (src/app/Shell.tsx); so do the stories, unless one asks for none.
  decorators: [
    (Story, ctx) =>
      ctx.parameters.noSlots ? (
        <Story />
      ) : (
        <PanelSlotsProvider value={pagePanelSlots}>
          <Story />
        </PanelSlotsProvider>
      ),
  ],
  render: boxed(TemplateDrawer, { maxWidth: 640 }),
});

type User = StoryContext['userEvent'];
/** What a drawer story's play gets: Storybook's canvas, user and named `step`, the story's editor store, the page's document and its value at the start. */
interface Play {
  canvas: StoryContext['canvas'];
  canvasElement: HTMLElement;
  userEvent: User;
  step: StoryContext['step'];
  store: EditorStore;
  doc: DocId<'page'>;
  start: any;
}

/** A story of the drawer on `page` (loaded in the story's editor store) for a template with `templateMeta`. */
function drawerStory(
  page: Page,
  templateMeta: Record<string, unknown> | null,
  play: (c: Play) => Promise<void>,
  extra: { args?: { locked?: boolean }; parameters?: Record<string, unknown> } = {},
) {
  const doc = docOf(page);
  return {
    args: { pageId: page.ID, templateMeta, ...extra.args },
    parameters: { ...extra.parameters, editorDocs: { [doc]: page } },
    play: async (ctx: StoryContext) => {
      const store = storeOf(ctx.loaded);
      await play({ canvas: ctx.canvas, canvasElement: ctx.canvasElement, userEvent: ctx.userEvent, step: ctx.step, store, doc, start: snapshot(store, doc) });
    },
  };
}

const tabNames = (canvas: Play['canvas']) => canvas.getAllByRole('tab').map((t) => t.textContent);
const openTab = async (canvas: Play['canvas'], user: User, name: string) => {
  await user.click(canvas.getByRole('tab', { name }));
  await expect(canvas.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};
const gutterMarks = (el: HTMLElement) => el.querySelectorAll('.cm-lint-marker-error');

/** A checkout template's meta has every key: every tab appears, Extras first and open (the page editor's Product addons and Size panels); arrow keys move between tabs. */
export const CheckoutTemplate = meta.story(
  drawerStory(drawerCheckoutPage, checkoutTemplateMeta, async ({ canvas, userEvent, step, store, doc, start }) => {
    const extras = canvas.getByRole('tab', { name: 'Extras' });
    await step('Every tab appears, Extras first and open', async () => {
      await expect(tabNames(canvas)).toEqual(DRAWER_TAB_LABELS);
      await expect(extras).toHaveAttribute('aria-selected', 'true');
      await expect(await canvas.findByRole('heading', { name: 'Product addons' }, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByRole('heading', { name: 'Size' }, { timeout: 5000 })).toBeVisible();
    });
    // Keyboard: the arrow keys select the next tab, which loads its panel.
    await step('Arrow right opens Shipping', async () => {
      extras.focus();
      await userEvent.keyboard('{ArrowRight}');
      await expect(canvas.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
      await expect(await canvas.findByRole('heading', { name: 'International shipping' }, { timeout: 5000 })).toBeVisible();
    });
    await step('End opens Javascript', async () => {
      await userEvent.keyboard('{End}');
      await expect(canvas.getByRole('tab', { name: 'Javascript' })).toHaveAttribute('aria-selected', 'true');
      await expect(await codeEditor(canvas, 'Javascript')).toHaveTextContent('window.dataLayer = window.dataLayer || [];');
    });
    await step('Nothing is recorded', async () => {
      await expectNothingRecorded(store, doc, start, 0);
    });
  }),
);

/** A thank-you template's meta: only its tabs (Customer Reviews, Lists, Meta, Page SEO, CSS, Javascript) — no Products, no Shipping, no Extras. */
export const ThankYouTemplate = meta.story(
  drawerStory(drawerThankYouPage, thankYouTemplateMeta, async ({ canvas, step }) => {
    await step("Only the thank-you template's tabs appear", async () => {
      await expect(tabNames(canvas)).toEqual(['Customer Reviews', 'Lists', 'Meta', 'Page SEO', 'CSS', 'Javascript']);
      for (const name of ['Products', 'Shipping', 'Extras', 'Rewards', 'Images', 'Extra Reviews']) await expect(canvas.queryByRole('tab', { name })).toBeNull();
    });
    await step('Customer Reviews is open', async () => {
      await expect(canvas.getByRole('tab', { name: 'Customer Reviews' })).toHaveAttribute('aria-selected', 'true');
      await expect(await canvas.findByRole('heading', { name: 'Reviews' }, { timeout: 5000 })).toBeVisible();
    });
  }),
);

/**
 * A presell page on a template with checkout keys (PANELS_BY_PAGE_TYPE): the tabs
 * still follow the template's keys, but a panel the presell page does not publish is not
 * offered — the Products tab says why; the Customer Reviews tab edits the reviews it shows.
 */
export const PresellWithCheckoutKeys = meta.story(
  drawerStory({ ...drawerCheckoutPage, ID: 55, page_type: 'presell', page_path: '/' }, checkoutTemplateMeta, async ({ canvas, userEvent, step }) => {
    await step('Products: not offered on a presell page, and the note says why', async () => {
      await openTab(canvas, userEvent, 'Products');
      await expect(await canvas.findByText('A presell page does not show the Products panel, so it is not offered here.', {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.queryByRole('heading', { name: 'Products' })).toBeNull();
    });
    await step('Customer Reviews: the Reviews panel, as on the page editor', async () => {
      await openTab(canvas, userEvent, 'Customer Reviews');
      await expect(await canvas.findByRole('heading', { name: 'Reviews' }, { timeout: 5000 })).toBeVisible();
    });
  }),
);

/** A page without a template: its own meta keys decide (a list and keywords: Lists and Page SEO). */
export const WithoutTemplate = meta.story(
  drawerStory(drawerNoTemplatePage, null, async ({ canvas, step }) => {
    await step("The page's own meta keys decide the tabs", async () => {
      await expect(tabNames(canvas)).toEqual(['Lists', 'Meta', 'Page SEO', 'CSS', 'Javascript']);
    });
    await step('Lists is open', async () => {
      await expect(await canvas.findByRole('heading', { name: 'Lists' }, { timeout: 5000 })).toBeVisible();
    });
  }),
);

/** A reused page-editor panel edits through the drawer: Rewards shows Warranty and Extras; choosing a frame is one step, undo and redo exact. */
export const ReusedPanel = meta.story(
  drawerStory(drawerCheckoutPage, checkoutTemplateMeta, async ({ canvas, userEvent, step, store, doc, start }) => {
    let warranty!: HTMLElement;
    await step('Rewards shows Warranty and Extras', async () => {
      await openTab(canvas, userEvent, 'Rewards');
      warranty = await canvas.findByRole('region', { name: 'Warranty' }, { timeout: 5000 });
      await expect(await canvas.findByRole('region', { name: 'Extras' }, { timeout: 5000 })).toBeVisible();
      await expect(within(warranty).getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    });
    await step('Choose Frame 3: one step, undo and redo exact', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(within(warranty).getByRole('radio', { name: 'Frame 3' })));
      await expect(m.warrantyFrame).toBe('warranty3');
      await expect(lastCommand(store)).toEqual({ label: 'Set warranty frame', commands: 1, paths: ['/meta/warrantyFrame'] });
      await expect(within(warranty).getByRole('radio', { name: 'Frame 3' })).toBeChecked();
    });
  }),
);

/** CSS: code that does not parse is refused with 'Not valid css code' and records nothing; valid code is one 'Edit CSS' step; undo shows the previous code in the editor again, redo the new. */
export const Css = meta.story(
  drawerStory(drawerCheckoutPage, checkoutTemplateMeta, async (ctx) => {
    const { canvas, userEvent, store } = ctx;
    const editor = await stepCodeEditor(ctx.step, 'Open CSS: the stored code shows', canvas, 'CSS', {
      before: () => openTab(canvas, userEvent, 'CSS'),
      text: '.hero { color: #1c2330; }',
    });

    await stepRefusedCode(ctx, 'Apply code that does not parse: refused, nothing recorded', editor, '.hero color: red; }', 'css', async () => {
      await expect(editor).toHaveAttribute('aria-invalid', 'true');
      await expect(store.getState().undoCount).toBe(0);
    });

    const css = '.hero { color: #b00000; }\n.cta { font-weight: 700; }';
    await stepAppliedCode(ctx, 'Apply valid code: one Edit CSS step', editor, css, ['css', 'Edit CSS'], { unmarked: 'css' });
    // A change from outside (here undo and redo) shows in the editor.
    await stepUndoRedoCode(ctx, 'Undo shows the previous code in the editor, redo the new', editor, '.hero { color: #1c2330; }', css);
  }),
);

/** Javascript: a syntax error is refused with 'Not valid javascript code' (nothing recorded); valid code is one 'Edit Javascript' step. */
export const Javascript = meta.story(
  drawerStory(drawerCheckoutPage, checkoutTemplateMeta, async (ctx) => {
    const { canvas, userEvent, store } = ctx;
    const editor = await stepCodeEditor(ctx.step, 'Open Javascript', canvas, 'Javascript', { before: () => openTab(canvas, userEvent, 'Javascript') });
    await stepRefusedCode(ctx, 'Apply a syntax error: refused, nothing recorded', editor, 'const total = ;', 'javascript', () =>
      expect(store.getState().undoCount).toBe(0),
    );

    const js = 'window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: "checkout" });';
    await stepAppliedCode(ctx, 'Apply valid code: one Edit Javascript step', editor, js, ['customJs', 'Edit Javascript']);
  }),
);

/**
 * Meta as raw JSON: empty is refused with 'Meta can not be empty!', invalid JSON with its line
 * and column, a `__proto__` key as well (nothing recorded); a valid change is ONE command that
 * touches only the keys it changed (one replaced, one removed, one added), undo and redo exact.
 */
export const MetaJson = meta.story(
  drawerStory(drawerThankYouPage, thankYouTemplateMeta, async ({ canvas, userEvent, step, store, doc, start }) => {
    const editor = await stepCodeEditor(step, 'Open Meta: the stored meta shows', canvas, 'Meta', {
      before: () => openTab(canvas, userEvent, 'Meta'),
      text: '"headline": "Thank you for your order"',
    });
    const apply = () => userEvent.click(canvas.getByRole('button', { name: 'Apply' }));

    await step('Apply empty meta: refused, nothing recorded', async () => {
      await setCode(userEvent, editor, '');
      await apply();
      await expect(await canvas.findByRole('alert')).toHaveTextContent(MSG.metaEmpty);
      await expectNothingRecorded(store, doc, start, 0);
    });

    await step('Apply invalid JSON: refused with its place, nothing recorded', async () => {
      await setCode(userEvent, editor, '{"headline": "Thanks",}');
      await apply();
      await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Not valid JSON at line 1, column \d+: property name expected$/);
      await expectNothingRecorded(store, doc, start, 0);
    });

    await step('Apply a __proto__ key: refused, nothing recorded', async () => {
      await setCode(userEvent, editor, '{"headline": "Thanks", "__proto__": {"polluted": true}}');
      await apply();
      await expect(await canvas.findByRole('alert')).toHaveTextContent('The key "__proto__" is not allowed in meta');
      await expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await expectNothingRecorded(store, doc, start, 0);
    });

    await step('Apply a JSON array: refused, nothing recorded', async () => {
      await setCode(userEvent, editor, '["headline"]');
      await apply();
      await expect(await canvas.findByRole('alert')).toHaveTextContent('Meta must be a JSON object');
      await expectNothingRecorded(store, doc, start, 0);
    });

    // Revert brings back the stored meta.
    await step('Revert brings back the stored meta', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Revert' }));
      await waitFor(() => expect(editor).toHaveTextContent('"headline": "Thank you for your order"'));
      await expect(canvas.queryByRole('alert')).toBeNull();
    });

    await step('Apply a valid change: one command touching only the changed keys', async () => {
      const { subject: _dropped, ...kept } = drawerThankYouPage.meta as Record<string, unknown>;
      const next = { ...kept, headline: 'Thanks for your order!', badge: 'VIP' };
      await setCode(userEvent, editor, JSON.stringify(next, null, 2));
      const m = await undoStep(store, doc, start, apply);
      await expect(m).toEqual(next);
      const cmd = lastCommand(store);
      await expect(cmd.label).toBe('Edit meta: headline, subject, badge');
      await expect(cmd.commands).toBe(1);
      await expect([...cmd.paths].sort()).toEqual(['/meta/badge', '/meta/headline', '/meta/subject']);
      await waitFor(() => expect(editor).toHaveTextContent('"badge": "VIP"'));
    });
    // Undo shows the stored meta again in the editor.
    await step('Undo shows the stored meta again', async () => {
      store.actions.undo();
      await waitFor(() => expect(editor).toHaveTextContent('"subject": "Order"'));
      await expect(snapshot(store, doc)).toEqual(start);
    });
  }),
);

/** A page whose meta is empty: no error mark before anything is typed; a first key is one step. */
export const MetaEmptyPage = meta.story(
  drawerStory(drawerEmptyPage, null, async ({ canvas, canvasElement, userEvent, step, store, doc, start }) => {
    const editor = await stepCodeEditor(step, 'Only Meta, CSS and Javascript; the meta is {}', canvas, 'Meta', {
      before: () => expect(tabNames(canvas)).toEqual(['Meta', 'CSS', 'Javascript']),
      text: '{}',
    });
    // Past the lint delay: still no mark and no message.
    await step('No error mark or message before anything is typed', async () => {
      await new Promise((r) => setTimeout(r, 900));
      await expect(gutterMarks(canvasElement)).toHaveLength(0);
      await expect(canvas.queryByText(MSG.metaEmpty)).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
    });

    await step('Apply a first key: one step', async () => {
      await setCode(userEvent, editor, '{"headline": "Thanks"}');
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Apply' })));
      await expect(m).toEqual({ headline: 'Thanks' });
      await expect(lastCommand(store)).toEqual({ label: 'Edit meta: headline', commands: 1, paths: ['/meta/headline'] });
    });
  }),
);

/** Page SEO: typing in a field is one step per field ('Edit Description', 'Edit Keywords'), undo and redo exact; text over 255 characters records nothing. */
export const PageSeo = meta.story(
  drawerStory(drawerCheckoutPage, checkoutTemplateMeta, async ({ canvas, userEvent, step, store, doc, start }) => {
    let description!: HTMLElement;
    await step('Open Page SEO: the stored fields show', async () => {
      await openTab(canvas, userEvent, 'Page SEO');
      description = canvas.getByLabelText('Description');
      await expect(description).toHaveValue('GlowSkin Vitamin C serum: brighter skin in 14 days');
      await expect(canvas.getByLabelText('Subject')).toHaveValue('Skin care');
      await expect(canvas.getByLabelText('Google site verification')).toHaveValue('');
    });

    await step('Type in Description: one Edit Description step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(description, ' and more'));
      await expect(m.description).toBe('GlowSkin Vitamin C serum: brighter skin in 14 days and more');
      await expect(lastCommand(store).label).toBe('Edit Description');
      await expect(store.getState().past).toHaveLength(1);
    });

    await step('Type in Keywords: one Edit Keywords step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Keywords'), ', glow'));
      await expect(m.keywords).toBe('serum, vitamin c, skin care, glow');
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Edit Description', 'Edit Keywords']);
    });

    // Undo follows in the field.
    await step('Undo and redo show in the field', async () => {
      store.actions.undo();
      await waitFor(() => expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care'));
      store.actions.redo();
      await waitFor(() => expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care, glow'));
    });

    await step('A verification over 255 characters shows the message and records nothing', async () => {
      const entries = store.getState().past.length;
      const before = snapshot(store, doc);
      const verification = canvas.getByLabelText('Google site verification');
      await userEvent.click(verification);
      await userEvent.paste('x'.repeat(256));
      await expect(await canvas.findByText('Google site verification must be at most 255 characters')).toBeVisible();
      await expectNothingRecorded(store, doc, before, entries);
    });
  }),
);

/** A locked funnel: the drawer says why, every tab is read-only (panels, SEO fields, code and Meta editors, Apply) and nothing is recorded. */
export const Locked = meta.story(
  drawerStory(
    drawerCheckoutPage,
    checkoutTemplateMeta,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      await step('The drawer says it is read-only; the panels are disabled', async () => {
        await expect(canvas.getByText('This funnel is locked: the drawer is read-only.')).toBeVisible();
        const addons = await canvas.findByRole('region', { name: 'Product addons' }, { timeout: 5000 });
        await expect(within(addons).getByRole('checkbox', { name: 'Product Extra' })).toBeDisabled();
      });

      await step('Rewards: the warranty frames are disabled', async () => {
        await openTab(canvas, userEvent, 'Rewards');
        const warranty = await canvas.findByRole('region', { name: 'Warranty' }, { timeout: 5000 });
        for (const r of within(warranty).getAllByRole('radio')) await expect(r).toBeDisabled();
      });

      await step('Page SEO: the fields are disabled', async () => {
        await openTab(canvas, userEvent, 'Page SEO');
        for (const name of ['Description', 'Subject', 'Keywords', 'Google site verification']) await expect(canvas.getByLabelText(name)).toBeDisabled();
        await userEvent.type(canvas.getByLabelText('Subject'), 'x');
      });

      await step('CSS: the editor is read-only, Apply disabled', async () => {
        await openTab(canvas, userEvent, 'CSS');
        const css = await codeEditor(canvas, 'CSS');
        await expect(css).toHaveAttribute('aria-readonly', 'true');
        await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
        await userEvent.click(css);
        await userEvent.keyboard('x');
        await expect(css).toHaveTextContent('.hero { color: #1c2330; }');
      });

      await step('Meta: the editor is read-only, Apply disabled; nothing recorded', async () => {
        await openTab(canvas, userEvent, 'Meta');
        await expect(await codeEditor(canvas, 'Meta')).toHaveAttribute('aria-readonly', 'true');
        await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
        await expectNothingRecorded(store, doc, start, 0);
      });
    },
    { args: { locked: true } },
  ),
);

/** Without the app's panel slots a panel tab says so instead of failing; the drawer's own tabs still work. */
export const MissingSlots = meta.story(
  drawerStory(
    drawerCheckoutPage,
    checkoutTemplateMeta,
    async ({ canvas, userEvent, step }) => {
      await step('The panel tabs say they are not available here', async () => {
        await expect(canvas.getByText(/The Product addons panel is not available here/)).toBeVisible();
        await expect(canvas.getByText(/The Size panel is not available here/)).toBeVisible();
      });
      await step('Page SEO still works', async () => {
        await openTab(canvas, userEvent, 'Page SEO');
        await expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care');
      });
    },
    { parameters: { noSlots: true } },
  ),
);
