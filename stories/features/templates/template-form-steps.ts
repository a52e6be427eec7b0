/**
 * The template form's rules (001 §5 Template) as both its stories check them: the form on its
 * own (TemplateForm) and in the Add template dialog of /templates (TemplateForms). What is
 * refused, with which message, is the same in both.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MSG } from '../../../src/model';
import { STORY_PREVIEW_HOST } from '../../../.storybook/handlers';
import { setCode } from '../template-editor/code-steps';
import { saveExpecting, typeFields } from '../../dialog-steps';

type Fields = Pick<ReturnType<typeof within>, 'getByLabelText'>;

/** Types the template's name, chooses its page type and types its layout into `form`'s fields. */
export async function typeTemplate(userEvent: StoryContext['userEvent'], form: Fields, t: { name: string; pageType: string; layout: string }) {
  await userEvent.type(form.getByLabelText('Name'), t.name);
  await userEvent.selectOptions(form.getByLabelText('Page type'), t.pageType);
  await userEvent.type(form.getByLabelText('Layout'), t.layout);
}

/** The step where a full address on the preview host, typed into Preview path, becomes its path '/vip/' on leaving the field. */
export const stepFullAddress = ({ step, userEvent }: Pick<StoryContext, 'step' | 'userEvent'>, form: Fields) =>
  step('A full preview address becomes its path', async () => {
    const path = form.getByLabelText('Preview path');
    await userEvent.type(path, `${STORY_PREVIEW_HOST}/vip/`);
    await userEvent.tab();
    await expect(path).toHaveValue('/vip/');
  });

/** The layout rule's message. */
export const LAYOUT_MSG = 'Layout may contain only letters, digits, _ and -';

/** What Save on an empty template form says, in the seeds' words and in this order. */
export const TEMPLATE_REQUIRED = ['Missing Template Name', MSG.pageType, LAYOUT_MSG, MSG.pagePath, MSG.metaEmpty];

/**
 * Each invalid value refused with its message, as four steps: a bad layout, a path without
 * slashes and bad JSON (with its place); another host's address and bad CSS; bad Javascript;
 * empty meta.
 * @param open - run first in the first step: the form (its dialog, or the story's canvasElement)
 *   and its Meta code editor, once loaded.
 * @param last - the last step's name, and what it checks after the message (nothing saved).
 */
export async function playTemplateInvalid(
  { step, userEvent }: Pick<StoryContext, 'step' | 'userEvent'>,
  open: () => Promise<{ form: HTMLElement; editor: HTMLElement }>,
  last: { label: string; then?: () => Promise<unknown> },
) {
  let form!: HTMLElement;
  let editor!: HTMLElement;
  await step('A bad layout, a path without slashes and bad JSON are refused', async () => {
    ({ form, editor } = await open());
    const f = within(form);
    await typeTemplate(userEvent, f, { name: 'VIP checkout', pageType: 'checkout', layout: 'vip layout!' });
    await typeFields(userEvent, form, { 'Preview path': 'vip' });
    await setCode(userEvent, editor, '{"headline": "VIP",}');
    await saveExpecting(userEvent, form, [LAYOUT_MSG, MSG.pagePath]);
    await expect(f.getByText(/^Not valid JSON at line 1, column \d+: property name expected$/)).toBeVisible();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
  });
  await step("Another host's address and bad CSS are refused", async () => {
    // Another host's address is not a path of the preview host: refused with the page-path rule.
    const path = () => within(form).getByLabelText('Preview path');
    await userEvent.clear(path());
    await userEvent.type(path(), 'https://elsewhere.example/vip/');
    await setCode(userEvent, editor, '{"css": ".a color: red; }"}');
    await saveExpecting(userEvent, form, [MSG.invalidCode('css'), MSG.pagePath]);
  });
  await step('Bad Javascript is refused', async () => {
    await setCode(userEvent, editor, '{"customJs": "const = 1"}');
    await saveExpecting(userEvent, form, [MSG.invalidCode('javascript')]);
  });
  await step(last.label, async () => {
    await setCode(userEvent, editor, '{}');
    await saveExpecting(userEvent, form, [MSG.metaEmpty]);
    await last.then?.();
  });
}
