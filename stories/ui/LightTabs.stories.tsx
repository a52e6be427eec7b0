import preview from '../../.storybook/preview';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { LightTabs } from '../../src/ui/LightTabs';

const meta = preview.meta({
  title: 'UI/LightTabs',
  component: LightTabs,
});

function Demo() {
  const [sel, setSel] = useState('all');
  return (
    <LightTabs
      label="Template filters"
      selected={sel}
      onSelect={setSel}
      items={[
        { id: 'all', label: 'all', content: <p>Every template</p> },
        { id: 'checkout', label: 'checkout', content: <p>Checkout templates</p> },
        { id: 'upsell1', label: 'upsell1', content: <p>Upsell templates</p>, disabled: true },
        { id: 'stashed', label: 'stashed', content: <p>Stashed templates</p> },
      ]}
    />
  );
}

/** A list's filter tabs without react-aria: click, arrow keys (skipping a disabled tab), Home and End. */
export const Filters = meta.story({
  render: () => <Demo />,
  play: async ({ canvas, userEvent, step }) => {
    await step('The selected tab is the one in the Tab order, with its panel', async () => {
      await expect(canvas.getByRole('tablist', { name: 'Template filters' })).toBeVisible();
      await expect(canvas.getByRole('tab', { name: 'all' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Every template');
      await userEvent.tab();
      await expect(canvas.getByRole('tab', { name: 'all' })).toHaveFocus();
    });
    await step('Arrow Right selects the next tab and moves the focus there', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(canvas.getByRole('tab', { name: 'checkout' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('tab', { name: 'checkout' })).toHaveFocus();
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Checkout templates');
    });
    await step('The disabled tab is skipped; End and Home go to the last and first', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(canvas.getByRole('tab', { name: 'stashed' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.keyboard('{Home}');
      await expect(canvas.getByRole('tab', { name: 'all' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.keyboard('{End}');
      await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Stashed templates');
    });
    await step('A click selects a tab', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'checkout' }));
      await expect(canvas.getByRole('tab', { name: 'checkout' })).toHaveAttribute('aria-selected', 'true');
      await expect(canvas.getByRole('tab', { name: 'stashed' })).toHaveAttribute('tabindex', '-1');
    });
  },
});
