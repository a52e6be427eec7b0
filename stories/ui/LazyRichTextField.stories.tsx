import preview from '../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { LazyRichTextField } from '../../src/ui';
import { RichTextField } from '../../src/ui/rich-text/RichTextField';

/** The code-split rich-text field: it loads its editor and shows the value, label, help and error. */
const meta = preview.meta({
  title: 'UI/LazyRichTextField',
  component: LazyRichTextField,
  subcomponents: { RichTextField },
  args: { label: 'List text', value: '<p>Clinically tested</p>', onChange: fn(), help: 'Bold, italic and links', error: 'Please input the list text' },
});

/** Once loaded, the editor holds the value; the field's help and error stay shown throughout. */
export const Loads = meta.story({
  play: async ({ canvas, step }) => {
    await step('The editor loads with the value', async () => {
      const editor = await canvas.findByRole('textbox', { name: 'List text' }, { timeout: 10_000 });
      await expect(editor).toHaveTextContent('Clinically tested');
      await expect(canvas.queryByText('Loading the text editor…')).toBeNull();
    });
    await step('Its help and error stay shown', async () => {
      await expect(canvas.getByText('Bold, italic and links')).toBeVisible();
      await expect(canvas.getByRole('alert')).toHaveTextContent('Please input the list text');
    });
  },
});
