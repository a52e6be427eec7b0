import preview from '../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { NotFound } from '../../src/app/router';
import { MSG } from '../../src/model';

/** Any address the app does not know (001 §2 "anything else"): the seed's 'Not Found!'. */
const meta = preview.meta({
  title: 'App/NotFound',
  component: NotFound,
});

/** The page says 'Not Found!' as its heading and in the browser tab's title. */
export const UnknownAddress = meta.story({
  play: async ({ canvas, step }) => {
    await step("The heading says the seed's 'Not Found!'", async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(MSG.notFound);
    });
    await step('So does the tab title', async () => {
      await waitFor(() => expect(document.title).toMatch(/^Not Found!/));
    });
  },
});
