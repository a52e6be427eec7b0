import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TemplateOptionsPanel } from '../../../src/features/page-editor/components/panels/TemplateOptionsPanel';
import { MSG } from '../../../src/model';
import { EXTRAS_PAGES, expectNothingRecorded, panelMeta, panelStory, step } from './panel-steps';

const meta = { title: 'Page editor/TemplateOptionsPanel', component: TemplateOptionsPanel, ...panelMeta(EXTRAS_PAGES) } satisfies Meta<typeof TemplateOptionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No options yet: one colour at a time (click, then arrow keys), toggles stored as 'true'/'false'. */
export const Empty: Story = panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, store, doc, start }) => {
  for (const r of canvas.getAllByRole('radio')) await expect(r).not.toBeChecked();

  let m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('radio', { name: 'Green' })));
  await expect(m.main_color).toBe('green');
  await expect(store.getState().past.at(-1)!.label).toBe('Set main colour green');

  m = await step(store, doc, start, () => userEvent.keyboard('{ArrowRight}'));
  await expect(m.main_color).toBe('orange');
  await expect(canvas.getByRole('radio', { name: 'Orange' })).toBeChecked();
  await expect(canvas.getByRole('radio', { name: 'Green' })).not.toBeChecked();

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With shipping' })));
  await expect(m.withShipping).toBe('true');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With full price' })));
  await expect(m).toMatchObject({ main_color: 'orange', withShipping: 'true', withFullPrice: 'true' });
  await expect(m.outOfStock).toBeUndefined();
});

/** Set options: switch colour, mark out of stock, drop shipping. */
export const Filled: Story = panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, store, doc, start }) => {
  await expect(canvas.getByRole('radio', { name: 'Green' })).toBeChecked();
  await expect(canvas.getByRole('checkbox', { name: 'With shipping' })).toBeChecked();

  let m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('radio', { name: 'Blue' })));
  await expect(m.main_color).toBe('blue');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Out of stock' })));
  await expect(m.outOfStock).toBe('true');

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With shipping' })));
  await expect(m).toMatchObject({ main_color: 'blue', withShipping: 'false', withFullPrice: 'false', outOfStock: 'true' });
});

/** Values outside the choices (old data): messages shown, nothing recorded until the operator picks. */
export const Invalid: Story = panelStory(EXTRAS_PAGES.invalid, async ({ canvas, userEvent, store, doc, start }) => {
  await expect(canvas.getByText(MSG.mainColor)).toBeVisible();
  await expect(canvas.getByRole('checkbox', { name: 'With shipping' })).toHaveAccessibleDescription(expect.stringContaining(MSG.flag));
  await expectNothingRecorded(store, doc, start, 0);

  let m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('radio', { name: 'Orange' })));
  await expect(m.main_color).toBe('orange');
  await expect(canvas.queryByText(MSG.mainColor)).toBeNull();

  m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With shipping' })));
  await expect(m.withShipping).toBe('true');
  await expect(canvas.queryByText(MSG.flag)).toBeNull();
});

/** A locked funnel: the colour and the toggles are disabled; nothing is recorded. */
export const Locked: Story = panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, store, doc, start }) => {
  for (const r of canvas.getAllByRole('radio')) await expect(r).toBeDisabled();
  for (const c of canvas.getAllByRole('checkbox')) await expect(c).toBeDisabled();
  await userEvent.click(canvas.getByText('Orange'));
  await userEvent.click(canvas.getByText('Out of stock'));
  await expectNothingRecorded(store, doc, start, 0);
  await expect(canvas.getByRole('radio', { name: 'Green' })).toBeChecked();
}, { args: { locked: true } });
