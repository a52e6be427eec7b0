import preview from '../../../.storybook/preview';
import { expect, fn, within } from 'storybook/test';
import { FlowProblems } from '../../../src/features/funnels/components/FlowProblems';
import { NO_OFFER, PROBLEMS } from './flow-problems.fixtures';

const meta = preview.meta({
  title: 'Funnels/FlowProblems',
  component: FlowProblems,
  args: { funnelId: 3, problems: PROBLEMS },
});

/** Nothing found: the funnel is ready to publish. */
export const Empty = meta.story({
  args: { problems: [] },
  play: async ({ canvas, step }) => {
    await step('Ready to publish is said, with no list', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No problems found: the funnel is ready to publish');
      await expect(canvas.queryByRole('list')).toBeNull();
    });
  },
});

/** Errors first, then warnings, each with its level in words and a link to its page's editor; a funnel-wide problem has no link. */
export const ErrorsAndWarnings = meta.story({
  args: { problems: NO_OFFER },
  play: async ({ canvas, step }) => {
    const items = within(canvas.getByRole('list', { name: 'Pre-publish problems' })).getAllByRole('listitem');
    await step('Errors first, then warnings, each with its level in words', async () => {
      await expect(items.map((li) => li.textContent)).toEqual([
        'Error No Offer added: please insert offer in Funnel Details',
        'Error Checkout (/checkout/) has no products: add them in its Products panel Open page',
        'Warning Split A (/split/) is a split page without conditions: every visitor goes to its next page Open page',
        'Warning Old presell (/old/) cannot be reached: no next or skip page leads to it from the index page Open page',
      ]);
    });
    await step("Each page's problem links to its editor; a funnel-wide one has no link", async () => {
      await expect(within(items[0]!).queryByRole('link')).toBeNull();
      const links = canvas.getAllByRole('link', { name: 'Open page' });
      await expect(links.map((a) => a.getAttribute('href'))).toEqual(['/funnels/3/pages/11', '/funnels/3/pages/12', '/funnels/3/pages/14']);
      // Each link is described by its problem, so the three 'Open page' links can be told apart.
      await expect(links[0]).toHaveAccessibleDescription('Checkout (/checkout/) has no products: add them in its Products panel');
    });
  },
});

/** With onSelectPage (the flow diagram): a button calls it with the page's ID instead of a link. */
export const SelectPage = meta.story({
  args: { onSelectPage: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    let buttons: HTMLElement[] = [];
    await step('A Show page button for each page, no link', async () => {
      await expect(canvas.queryByRole('link')).toBeNull();
      buttons = canvas.getAllByRole('button', { name: 'Show page' });
      await expect(buttons).toHaveLength(3);
    });
    await step('Show page selects the page by its ID', async () => {
      await userEvent.click(buttons[1]!);
      await expect(args.onSelectPage).toHaveBeenCalledTimes(1);
      await expect(args.onSelectPage).toHaveBeenCalledWith(12);
      await expect(buttons[1]).toHaveAccessibleDescription('Split A (/split/) is a split page without conditions: every visitor goes to its next page');
    });
  },
});
