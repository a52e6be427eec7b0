/**
 * The Add template / Edit template form on its own (001 §2 "Templates"; §5 Template rules:
 * name, page type, layout of letters, digits, _ and -, preview path with the slash rule, meta
 * required — 'Meta can not be empty!'; §9 the preview host stripped), with `onSave` a `fn()`
 * arg: every message as the form shows it and nothing saved while invalid; a full address on
 * the preview host kept as its path; an edit starting from the template; a refusal of the
 * server shown at the field it is about, or above the form.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, waitFor } from 'storybook/test';
import { TemplateForm } from '../../../src/features/templates/components/TemplateForm';
import { FormError } from '../../../src/ui/DialogForm';
import { STORY_LAYOUTS, STORY_PREVIEW_HOST } from '../../../.storybook/handlers';
import { templates } from '../../../tests/fixtures/demo';
import { codeEditor, setCode } from '../template-editor/code-steps';
import { saveSends, withSaveButton } from '../../form-story';
import { expectValues, retype, saveExpecting } from '../../dialog-steps';
import { playTemplateInvalid, stepFullAddress, TEMPLATE_REQUIRED, typeTemplate } from './template-form-steps';

const meta = preview.meta({
  title: 'Templates/TemplateForm',
  component: TemplateForm,
  subcomponents: { FormError },
  args: { id: 'template-form', previewHost: STORY_PREVIEW_HOST, layouts: STORY_LAYOUTS, onSave: fn(async () => {}) },
  render: withSaveButton(TemplateForm, { maxWidth: 640 }),
});

/** Nothing filled: the caret in Name; Save gives every required message in the seeds' words; nothing saved. */
export const Required = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('The form opens, the caret in Name', async () => {
      await codeEditor(canvas, 'Meta');
      await waitFor(() => expect(canvas.getByLabelText('Name')).toHaveFocus());
    });
    await step("Save it empty: the seed's messages, nothing saved", async () => {
      await saveExpecting(userEvent, canvasElement, TEMPLATE_REQUIRED);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Each invalid value refused with its message: a bad layout, a path without slashes, another host's address, invalid JSON with its place, css and javascript that do not parse. */
export const Invalid = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) =>
    playTemplateInvalid({ step, userEvent }, async () => ({ form: canvasElement, editor: await codeEditor(canvas, 'Meta') }), {
      label: 'Empty meta is refused; nothing saved',
      then: () => expect(args.onSave).not.toHaveBeenCalled(),
    }),
});

/** Valid, with the full preview address typed: kept as its path as soon as the field is left; onSave gets the values and the parsed meta. */
export const AddWithFullAddress = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let editor!: HTMLElement;
    await step('Fill in the form', async () => {
      editor = await codeEditor(canvas, 'Meta');
      await typeTemplate(userEvent, canvas, { name: 'VIP checkout', pageType: 'checkout', layout: 'checkout' });
    });
    await stepFullAddress({ step, userEvent }, canvas);
    await step('Save sends the template', async () => {
      await setCode(userEvent, editor, '{"headline": "VIP", "products": []}');
      await saveSends(userEvent, canvas, args.onSave, {
        name: 'VIP checkout',
        page_type: 'checkout',
        layout: 'checkout',
        template_host_url: '/vip/',
        meta: { headline: 'VIP', products: [] },
      });
    });
  },
});

/** Edit: the template's values and meta shown; a changed name is saved with the rest unchanged. */
export const Edit = meta.story({
  args: { template: templates[1] },
  play: async ({ canvas, userEvent, args, step }) => {
    await step("The template's values fill the form", async () => {
      const editor = await codeEditor(canvas, 'Meta');
      await expectValues(canvas, { Name: 'Checkout classic', 'Page type': 'checkout', Layout: 'checkout', 'Preview path': '/checkout/' });
      await expect(editor).toHaveTextContent('"products": []');
    });
    await step('Rename it and save', async () => {
      await retype(userEvent, canvas.getByLabelText('Name'), 'Checkout modern');
      await saveSends(userEvent, canvas, args.onSave, {
        name: 'Checkout modern',
        page_type: 'checkout',
        layout: 'checkout',
        template_host_url: '/checkout/',
        meta: { products: [] },
      });
    });
  },
});

/** The server refuses the layout: its message stays under Layout, what was typed is kept. */
export const RefusedLayout = meta.story({
  args: { template: templates[1], onSave: fn(() => Promise.reject(new Error(`Unknown layout vip: one of ${STORY_LAYOUTS.join(', ')}`))) },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Save a layout the server refuses', async () => {
      await codeEditor(canvas, 'Meta');
      await retype(userEvent, canvas.getByLabelText('Layout'), 'vip');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onSave).toHaveBeenCalledTimes(1));
    });
    await step("The server's message shows on Layout, the value kept", async () => {
      await expect(await canvas.findByText(`Unknown layout vip: one of ${STORY_LAYOUTS.join(', ')}`)).toBeVisible();
      await expect(canvas.getByLabelText('Layout')).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByLabelText('Layout')).toHaveValue('vip');
    });
  },
});

/** A refusal about no field: said above the form. */
export const RefusedOther = meta.story({
  args: { template: templates[1], onSave: fn(() => Promise.reject(new Error('The template host could not be reached'))) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Save, the server refuses: its message', async () => {
      await codeEditor(canvas, 'Meta');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(await canvas.findByRole('alert')).toHaveTextContent('The template host could not be reached');
    });
  },
});
