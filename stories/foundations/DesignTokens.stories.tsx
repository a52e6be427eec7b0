import preview from '../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { wcagContrast } from 'culori';
import { themeTokens } from '../../src/ui/tokens';
import { AA_NORMAL, DesignTokens } from './DesignTokens';

/** The design tokens page: the theme's system, not only its uses. */
const meta = preview.meta({
  title: 'Foundations/Design tokens',
  component: DesignTokens,
  parameters: { layout: 'padded' },
});

/**
 * Every token of the theme: a table per group, a row per token with its preview, CSS variable
 * and value; colours with their contrast ratios and AA verdicts.
 */
export const AllTokens = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    await step('a table per token group, captioned', async () => {
      const groups = Object.keys(themeTokens);
      await expect(canvas.getAllByRole('table')).toHaveLength(groups.length);
      for (const caption of ['Colours, with WCAG 2.1 contrast ratios', 'Spacing', 'Type scale', 'Radii', 'Shadows', 'Fonts']) {
        await expect(canvas.getByRole('table', { name: caption })).toBeVisible();
      }
    });

    await step('every token of themeTokens has exactly one row', async () => {
      for (const [group, values] of Object.entries(themeTokens)) {
        const table = canvasElement.querySelector(`table[data-group="${group}"]`);
        await expect(table).not.toBeNull();
        const rows = within(table as HTMLElement)
          .getAllByRole('row')
          .slice(1); // less the header row
        await expect(rows).toHaveLength(Object.keys(values).length);
        for (const name of Object.keys(values)) {
          await expect(within(table as HTMLElement).getByRole('rowheader', { name: `${group}.${name}` })).toBeVisible();
        }
      }
    });

    await step('the primary colour shows its hex, its CSS variable and AA contrast on the surface', async () => {
      const row = canvas.getByRole('rowheader', { name: 'color.primary' }).closest('tr')!;
      const cells = within(row);
      await expect(cells.getByText(themeTokens.color.primary)).toBeVisible();
      await expect(cells.getByText(/^--/)).toBeVisible();
      const onSurface = cells.getByText((_, el) => el?.tagName === 'LI' && /primary on surface/.test(el.textContent ?? ''));
      const ratio = Number(onSurface.dataset.ratio);
      await expect(ratio).toBeGreaterThanOrEqual(AA_NORMAL);
      await expect(ratio).toBeCloseTo(wcagContrast(themeTokens.color.primary, themeTokens.color.surface), 2);
      await expect(onSurface).toHaveTextContent(`${ratio.toFixed(2)}:1 AA`);
    });

    await step('a status pair is checked foreground on its background', async () => {
      const row = canvas.getByRole('rowheader', { name: 'color.dangerBg' }).closest('tr')!;
      await expect(within(row).getByText((_, el) => el?.tagName === 'LI' && /^danger on dangerBg: \d+\.\d\d:1 AA$/.test(el.textContent ?? ''))).toBeVisible();
    });

    await step('spacing bars are as wide as their token', async () => {
      const row = canvas.getByRole('rowheader', { name: 'space.xl' }).closest('tr')!;
      const bar = row.querySelector('td span') as HTMLElement;
      await expect(bar.getBoundingClientRect().width).toBeCloseTo(parseFloat(themeTokens.space.xl), 0);
    });
  },
});
