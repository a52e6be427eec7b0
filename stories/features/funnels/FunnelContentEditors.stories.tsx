import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { BannerImagesEditor, FaqEditor, ManualEditor } from '../../../src/features/funnels/components/FunnelContentEditors';
import { funnelView, type Funnel } from '../../../src/model';
import type { EditorStore } from '../../../src/editor';
import { funnel as stored, galleryImages } from '../../../tests/fixtures/demo';
import { expectUndoRedo, freshUid, snapshot, storeOf } from '../../helpers';
import { keyboardMove } from '../page-editor/panel-steps';
import { typeAtEnd } from '../page-editor/content-steps';

/** The demo funnel with two FAQ questions, one manual page and one affiliate's banners. */
const funnel: Funnel = funnelView({
  ...stored,
  details: {
    ...stored.details,
    faq: [
      {
        uid: 'q1uid00001',
        faq_id: 'f1',
        faq_question: 'How soon will I see results?',
        faq_content: [{ uid: 'a1uid00001', faq_ct_text: '<p>Within 2–3 weeks.</p>' }],
      },
      {
        uid: 'q2uid00002',
        faq_id: 'f2',
        faq_question: 'Is it safe for sensitive skin?',
        faq_content: [{ uid: 'a2uid00002', faq_ct_text: '<p>Yes, it is fragrance-free.</p>' }],
      },
    ],
    manual: [{ uid: 'm1uid00001', manual_id: '1', manual_img: galleryImages[0]!.url }],
    bannerImageAffid: [{ uid: 'b1uid00001', affid_img: '1001', desktop_src: '', mobile_src: '' }],
  },
});
const doc = `funnel:${funnel.ID}` as const;
/** Undo every step, then redo every step (the stories make several edits each). */
const undoAll = (store: EditorStore) => () => {
  while (store.getState().past.length) store.actions.undo();
};
const redoAll = (store: EditorStore) => () => {
  while (store.getState().future.length) store.actions.redo();
};
/** A rich-text field by its label, once its code-split editor has loaded. */
const richText = (scope: HTMLElement, label: string) => within(scope).findByRole('textbox', { name: label }, { timeout: 10_000 });
const empty: Funnel = { ...funnel, details: { ...funnel.details, faq: [], manual: [], bannerImageAffid: [] } };

const meta = preview.meta({
  title: 'Funnels/FunnelContentEditors',
  component: FaqEditor,
  subcomponents: { ManualEditor, BannerImagesEditor },
  args: { funnelId: funnel.ID },
  parameters: { editorDocs: { [doc]: funnel } },
});

/**
 * FAQ: typing a question is one command; a new question comes with an empty answer and a
 * fresh uid; a second paragraph is added to it; undo restores the exact previous funnel and
 * redo the edit.
 */
export const FaqEdit = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step('Edit a question: one undo entry', async () => {
      await userEvent.type(canvas.getByLabelText('Question 2'), ' Really?');
      await expect(snapshot<Funnel>(store, doc).details.faq[1]!.faq_question).toBe('Is it safe for sensitive skin? Really?');
      await expect(store.getState().past).toHaveLength(1);
    });
    await step('Add a question with a second answer paragraph', async () => {
      await userEvent.click(canvas.getAllByRole('button', { name: '+ Add question' })[0]!);
      await userEvent.type(canvas.getByLabelText('Question 3'), 'How do I use it?');
      await userEvent.click(canvas.getByRole('button', { name: 'Add a paragraph to answer 3' }));
      const added = snapshot<Funnel>(store, doc).details.faq[2]!;
      await expect(added).toEqual({
        uid: freshUid(),
        faq_id: 'f3',
        faq_question: 'How do I use it?',
        faq_content: [
          { uid: freshUid(), faq_ct_text: '' },
          { uid: freshUid(), faq_ct_text: '' },
        ],
      });
      await expect(await richText(canvas.getByRole('list', { name: 'FAQ questions' }), 'Answer 3, paragraph 2')).toBeVisible();
    });
    await step('Undo all restores the previous FAQ; redo all brings it back', async () => {
      await expectUndoRedo(store, doc, before, undoAll(store), redoAll(store));
    });
  },
});

/** FAQ: an answer is rich text; Ctrl+Z inside it undoes through the command log. */
export const FaqAnswerRichText = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step("Type in an answer's rich text", async () => {
      const box = await richText(canvas.getByRole('list', { name: 'FAQ questions' }), 'Answer 1');
      await typeAtEnd(userEvent, box, ' Most see it in days.');
      await waitFor(() =>
        expect(snapshot<Funnel>(store, doc).details.faq[0]!.faq_content[0]!.faq_ct_text).toBe('<p>Within 2–3 weeks. Most see it in days.</p>'),
      );
    });
    await step('Ctrl+Z undoes it', async () => {
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(snapshot(store, doc)).toEqual(before));
    });
  },
});

/** FAQ: a question moves by keyboard as one `move` op; removing one is undoable. */
export const FaqReorderRemove = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step('Move question 2 up with the keyboard: one move operation', async () => {
      await keyboardMove(userEvent, canvas.getByRole('button', { name: 'Reorder question 2 “Is it safe for sensitive skin?”' }), ['[ArrowUp]'], 1);
      await waitFor(() => expect(snapshot<Funnel>(store, doc).details.faq.map((q) => q.faq_id)).toEqual(['f2', 'f1']));
      const ops = store
        .getState()
        .past.flatMap((e) => e.commands)
        .flatMap((c) => c.ops);
      await expect(ops).toEqual([{ op: 'move', from: '/details/faq/1', path: '/details/faq/0' }]);
    });
    await step('Remove a question', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove question 2' }));
      await expect(snapshot<Funnel>(store, doc).details.faq.map((q) => q.faq_id)).toEqual(['f2']);
    });
    await step('Undo all restores the previous FAQ; redo all brings it back', async () => {
      await expectUndoRedo(store, doc, before, undoAll(store), redoAll(store));
    });
  },
});

/** FAQ without questions: the empty state offers the action. */
export const FaqEmpty = meta.story({
  parameters: { editorDocs: { [doc]: empty } },
  play: async ({ canvas, userEvent, loaded, step }) => {
    await step('The empty state', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No questions added');
    });
    await step('Add question next to it adds one', async () => {
      await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: '+ Add question' }));
      await expect(snapshot<Funnel>(storeOf(loaded), doc).details.faq).toHaveLength(1);
    });
  },
});

/** Locked: nothing can be edited or added. */
export const FaqLocked = meta.story({
  args: { locked: true },
  play: async ({ canvas, step }) => {
    await step('Questions, add and remove are disabled', async () => {
      await expect(canvas.getByLabelText('Question 1')).toBeDisabled();
      for (const b of canvas.getAllByRole('button', { name: '+ Add question' })) await expect(b).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Remove question 1' })).toBeDisabled();
    });
  },
});

/** Manual: pages are images picked from the gallery (suggested), added and removed; undo/redo exact. */
export const Manual = meta.story({
  render: (a) => <ManualEditor {...a} />,
  play: async ({ canvas, canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step("The gallery's images are offered", async () => {
      await waitFor(() => expect(canvasElement.querySelectorAll('datalist option')).toHaveLength(galleryImages.length));
    });
    await step('Add a manual page with a gallery image', async () => {
      await userEvent.click(canvas.getAllByRole('button', { name: '+ Add manual page' })[0]!);
      await userEvent.type(canvas.getByLabelText('Manual page 2 image'), galleryImages[1]!.url);
      await expect(snapshot<Funnel>(store, doc).details.manual[1]).toEqual({ uid: freshUid(), manual_id: '2', manual_img: galleryImages[1]!.url });
    });
    await step('Remove a manual page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove manual page 1' }));
      await expect(snapshot<Funnel>(store, doc).details.manual.map((m) => m.manual_id)).toEqual(['2']);
    });
    await step('Undo all restores the previous manual; redo all brings it back', async () => {
      await expectUndoRedo(store, doc, before, undoAll(store), redoAll(store));
    });
  },
});

/** A PNG of `w` × `h` pixels drawn on a canvas, as an operator's file. */
async function pngFile(name: string, w: number, h: number): Promise<File> {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const blob = await new Promise<Blob>((res) => c.toBlob((b) => res(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/**
 * Banners: the affiliate id is required and at most 4 characters (000 §5, the model's
 * message); an image of the wrong size is refused in the browser with the sizes (000 §9) and
 * nothing is uploaded or recorded; a new affiliate's banner is added; undo/redo exact.
 */
export const Banners = meta.story({
  render: (a) => <BannerImagesEditor {...a} />,
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step('The affiliate id is required', async () => {
      await userEvent.clear(canvas.getByLabelText('Affiliate ID of banner 1'));
      await expect(await canvas.findByText('Affiliate id is required')).toBeVisible();
      await userEvent.type(canvas.getByLabelText('Affiliate ID of banner 1'), '1002');
      await expect(canvas.queryByText('Affiliate id is required')).toBeNull();
    });
    await step('A mobile banner of the wrong size is refused, nothing recorded', async () => {
      const entries = store.getState().past.length;
      await userEvent.upload(canvas.getByLabelText('Upload mobile banner 1'), await pngFile('small.png', 300, 60));
      await expect(await canvas.findByText('The mobile banner must be 422 x 97 px; this image is 300 x 60 px')).toBeVisible();
      await expect(store.getState().past).toHaveLength(entries);
    });
    await step('Add a banner', async () => {
      await userEvent.click(canvas.getAllByRole('button', { name: '+ Add banner' })[0]!);
      await expect(snapshot<Funnel>(store, doc).details.bannerImageAffid[1]).toEqual({ uid: freshUid(), affid_img: '', desktop_src: '', mobile_src: '' });
    });
    await step('Undo all restores the previous banners; redo all brings it back', async () => {
      await expectUndoRedo(store, doc, before, undoAll(store), redoAll(store));
    });
  },
});

/** Banners locked: nothing can be typed, uploaded or removed. */
export const BannersLocked = meta.story({
  args: { locked: true },
  render: (a) => <BannerImagesEditor {...a} />,
  play: async ({ canvas, step }) => {
    await step('Fields, upload and remove are disabled', async () => {
      await expect(canvas.getByLabelText('Affiliate ID of banner 1')).toBeDisabled();
      await expect(canvas.getByLabelText('Upload desktop banner 1')).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Remove the banners of affiliate 1001' })).toBeDisabled();
    });
  },
});
