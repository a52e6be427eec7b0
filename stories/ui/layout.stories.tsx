import preview from '../../.storybook/preview';
import { expect } from 'storybook/test';
import { BackLink, Box, Button, DetailHeader, HeadingRow, Inline, NotFoundSection, Stack, styles as s } from '../../src/ui';

const meta = preview.meta({ title: 'UI/Layout', component: Box, subcomponents: { Stack, Inline, BackLink, DetailHeader, NotFoundSection, HeadingRow } });

/** Box renders the element named by `as` with sprinkle props as classes; its own attributes pass through. */
export const BoxAs = meta.story({
  render: () => (
    <Box as="ul" aria-label="Fruits" listStyle="none" padding="none" margin="none" display="grid" gap="sm">
      <Box as="li" padding="sm" background="surfaceAlt" borderRadius="sm">
        Apple
      </Box>
      <Box as="li" padding="sm" background="surfaceAlt" borderRadius="sm" color="muted">
        Pear
      </Box>
    </Box>
  ),
  play: async ({ canvas, step }) => {
    await step('A list without bullets, laid out as a grid', async () => {
      const list = canvas.getByRole('list', { name: 'Fruits' });
      await expect(list.tagName).toBe('UL');
      await expect(getComputedStyle(list).display).toBe('grid');
      await expect(getComputedStyle(list).listStyleType).toBe('none');
    });
    await step('Its items are padded', async () => {
      const items = canvas.getAllByRole('listitem');
      await expect(items).toHaveLength(2);
      await expect(getComputedStyle(items[0] as HTMLElement).padding).toBe('8px');
    });
  },
});

/** Stack puts children one below the other with the theme's gap. */
export const StackGap = meta.story({
  render: () => (
    <Stack as="section" aria-label="Stacked" gap="md">
      <div>First</div>
      <div>Second</div>
    </Stack>
  ),
  play: async ({ canvas, step }) => {
    await step('A column with a gap', async () => {
      const el = canvas.getByRole('region', { name: 'Stacked' });
      await expect(getComputedStyle(el).flexDirection).toBe('column');
      await expect(getComputedStyle(el).rowGap).toBe('12px');
    });
  },
});

/** Inline lays children side by side, centred and wrapping like the `row` class; a sprinkle on a card overrides its padding. */
export const InlineRow = meta.story({
  render: () => (
    <Inline role="toolbar" aria-label="Actions" wrap={false} className={s.card} padding="md">
      <Button>Save</Button>
      <Button variant="primary">Publish</Button>
    </Inline>
  ),
  play: async ({ canvas, step }) => {
    await step('A row, not wrapping, centred, with gap and padding', async () => {
      const bar = canvas.getByRole('toolbar', { name: 'Actions' });
      const css = getComputedStyle(bar);
      await expect(css.flexDirection).toBe('row');
      await expect(css.flexWrap).toBe('nowrap');
      await expect(css.alignItems).toBe('center');
      await expect(css.columnGap).toBe('8px');
      await expect(css.padding).toBe('12px');
    });
    await step('Its content shows', async () => {
      await expect(canvas.getByRole('button', { name: 'Publish' })).toBeVisible();
    });
  },
});

/** HeadingRow: the screen's h1 with what belongs to the title beside it, and its actions pushed to the far end of the row. */
export const HeadingRowActions = meta.story({
  render: () => (
    <section aria-labelledby="heading-row-demo" style={{ width: 640 }}>
      <HeadingRow id="heading-row-demo" title="Offers" after={<span>12 offers</span>}>
        <Button variant="primary">Add offer</Button>
      </HeadingRow>
    </section>
  ),
  play: async ({ canvas, step }) => {
    await step('The heading names the section', async () => {
      const heading = canvas.getByRole('heading', { level: 1, name: 'Offers' });
      await expect(canvas.getByRole('region', { name: 'Offers' })).toContainElement(heading);
      await expect(heading.nextElementSibling).toHaveTextContent('12 offers');
    });
    await step('The action sits at the far end of the row', async () => {
      const heading = canvas.getByRole('heading', { level: 1, name: 'Offers' });
      const action = canvas.getByRole('button', { name: 'Add offer' });
      const row = heading.parentElement as HTMLElement;
      await expect(Math.round(action.getBoundingClientRect().right)).toBe(Math.round(row.getBoundingClientRect().right));
      await expect(action.getBoundingClientRect().left).toBeGreaterThan(heading.getBoundingClientRect().right + 100);
    });
  },
});
