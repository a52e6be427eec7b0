import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { PublishedPreview } from '../../../src/features/page-editor/components/PublishedPreview';
import { PREVIEW_MSG } from '../../../src/model';
import { publishedCheckoutHtml, publishedCheckoutUrl } from '../../../tests/fixtures/demo';
import { apiHandlers } from '../../../.storybook/handlers';

/**
 * The published-page preview's refusals (a story per message): the server answers
 * `GET /api/v1/preview?url=` with its reason (src/server/publish/page-preview.ts, with the
 * statuses it uses) and the preview shows it in the server's words, keeping the page shown
 * before. One address per reason, as the server would meet it on the web.
 */
const refusals: Record<string, { status: number; message: string }> = {
  'https://glowskin-offer.com/gone/': { status: 404, message: PREVIEW_MSG.notFound },
  'https://glowskin-offer.com/huge/': { status: 413, message: PREVIEW_MSG.tooLarge },
  'https://glowskin-offer.com/feed.json': { status: 422, message: PREVIEW_MSG.notHtml },
  'https://unreachable.example/': { status: 502, message: PREVIEW_MSG.unreachable },
};

const meta = preview.meta({
  title: 'Page editor/PublishedPreview server refusals',
  component: PublishedPreview,
  args: { defaultUrl: publishedCheckoutUrl, title: 'Published Checkout' },
  parameters: {
    msw: {
      handlers: [
        http.get('/api/v1/preview', ({ request }) => {
          const url = new URL(request.url).searchParams.get('url') ?? '';
          const refusal = refusals[url];
          if (refusal) return HttpResponse.json({ message: refusal.message }, { status: refusal.status });
          return new HttpResponse(publishedCheckoutHtml, { headers: { 'Content-Type': 'text/html' } });
        }),
        ...apiHandlers(),
      ],
    },
  },
});

const frameHtml = (canvasElement: HTMLElement) => canvasElement.querySelector('iframe')?.getAttribute('srcdoc') ?? '';

/** Builds the story for one refused address: enter it, Show, read the server's reason. */
function refusedStory(url: string, what: string) {
  const { message } = refusals[url]!;
  return {
    play: async ({ canvas, canvasElement, userEvent, step }: StoryContext) => {
      await step('The published page is shown', async () => {
        await waitFor(() => expect(frameHtml(canvasElement)).toContain('Published checkout'));
      });
      await step(`Ask for ${what}`, async () => {
        const field = canvas.getByLabelText('Published page URL');
        await userEvent.clear(field);
        await userEvent.type(field, url);
        await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
      });
      await step(`The server's reason shows: "${message}"; the page shown before stays`, async () => {
        await expect(await canvas.findByRole('alert')).toHaveTextContent(message);
        await expect(frameHtml(canvasElement)).toContain('Published checkout');
      });
    },
  };
}

/** The address answers 404 or 410. */
export const PageNotFound = meta.story(refusedStory('https://glowskin-offer.com/gone/', 'a page the site does not have'));
/** The page is over the 5 MB the preview fetches. */
export const PageTooLarge = meta.story(refusedStory('https://glowskin-offer.com/huge/', 'a page over 5 MB'));
/** The address answers something other than HTML. */
export const NotHtml = meta.story(refusedStory('https://glowskin-offer.com/feed.json', 'an address that answers JSON'));
/** The host cannot be reached (or answers an error, or too many redirects). */
export const Unreachable = meta.story(refusedStory('https://unreachable.example/', 'a host that cannot be reached'));
