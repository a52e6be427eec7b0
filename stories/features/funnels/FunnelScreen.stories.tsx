import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { FunnelScreen } from '../../../src/features/funnels/screens/FunnelScreen';
import * as fx from '../../../tests/fixtures/demo';
import { screenHandlers } from '../../screens';
import { AtFunnel } from './at-funnel';

/** The funnel page (001 §2): title, status, actions, and its tabs read from the API. */
const meta = preview.meta({
  title: 'Funnels/FunnelScreen',
  component: FunnelScreen,
  render: () => <AtFunnel url="/funnels/1/pages" />,
  parameters: { msw: { handlers: screenHandlers() } },
});

/** Pages tab: the funnel's pages in flow order; the admin sees Clone, Lock and Publish. */
export const Pages = meta.story({
  play: async ({ canvas, step }) => {
    await step("The funnel's name heads the page", async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Summer' })).toBeVisible();
    });
    // The actions follow the role, read from GET /api/v1/me once it answers.
    await step('Clone, Lock and Publish are offered', async () => {
      for (const name of ['Clone', 'Lock', 'Publish']) await expect(await canvas.findByRole('button', { name }, { timeout: 5000 })).toBeVisible();
    });
    await step('The pages are listed', async () => {
      const table = await canvas.findByRole('table');
      await expect(within(table).getByText('Presell article')).toBeVisible();
      await expect(within(table).getByText('Thank you')).toBeVisible();
    });
  },
});

type Canvas = StoryContext['canvas'];

/**
 * A story of the page opened at its `tab` address (`/funnels/1/<tab in lower case>`): the tab is
 * selected, then the step `label` checks what `shows` expects of the tab's content.
 */
const tabStory = (tab: string, label: string, shows: (canvas: Canvas) => Promise<unknown>) => ({
  render: () => <AtFunnel url={`/funnels/1/${tab.toLowerCase()}`} />,
  play: async ({ canvas, step }: StoryContext) => {
    await step(`The ${tab} tab is selected`, async () => {
      await expect(await canvas.findByRole('tab', { name: tab, selected: true }, { timeout: 5000 })).toBeVisible();
    });
    await step(label, async () => {
      await shows(canvas);
    });
  },
});

/** Opened at its Logs address, the page selects the Logs tab and lists the funnel's notes and recorded changes. */
export const Logs = meta.story(
  tabStory('Logs', 'The recorded changes and notes are listed', async (canvas) => {
    await expect(await canvas.findByText('Set product price', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText('Launch')).toBeVisible();
  }),
);

/** Opened at its Gallery address, the page reads the funnel's gallery and shows its thumbnails. */
export const Gallery = meta.story(
  tabStory('Gallery', "The gallery's thumbnails are shown", async (canvas) => {
    const list = await canvas.findByRole('list', { name: 'Images' }, { timeout: 5000 });
    await expect(within(list).getByRole('button', { name: 'Preview serum-bottle.svg' })).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  }),
);

/** GET `path`: refused once (500 'Internal error'), then `rows`; `reset` starts a story over. */
function failingOnce(path: string, rows: unknown[]) {
  let failed = false;
  return {
    reset: () => {
      failed = false;
    },
    handler: http.get(path, () => {
      if (failed) return HttpResponse.json(rows);
      failed = true;
      return HttpResponse.json({ message: 'Internal error' }, { status: 500 });
    }),
  };
}

/**
 * The funnel opened at `tab` (its address in lower case) whose read of `path` fails once: the tab
 * says "The `noun` could not be loaded: Internal error" with Try again (not a skeleton for ever);
 * Try again reads again and `shown` is listed.
 */
function readFailsStory(tab: string, path: string, rows: unknown[], noun: string, shown: string) {
  const read = failingOnce(path, rows);
  return {
    render: () => <AtFunnel url={`/funnels/1/${tab}`} />,
    parameters: { msw: { handlers: [read.handler, ...screenHandlers()] } },
    beforeEach: read.reset,
    play: async ({ canvas, userEvent, step }: StoryContext) => {
      await step('The failed read is said, with what the server answered', async () => {
        const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
        await expect(alert).toHaveTextContent(`The ${noun} could not be loaded: Internal error`);
        await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      });
      await step(`Try again reads them: ${shown} is listed`, async () => {
        await expect(await canvas.findByText(shown, {}, { timeout: 5000 })).toBeVisible();
        await expect(canvas.queryByRole('alert')).toBeNull();
      });
    },
  };
}

/** The Scrubs tab (one read, through readTab like Block User and Gallery) whose read fails once. */
export const TabReadFails = meta.story(
  readFailsStory(
    'scrubs',
    '/api/v1/funnels/1/scrubs',
    [{ ID: 1, funnel_id: fx.funnel.ID, affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 15, global: false }],
    'scrubs',
    'Acme Media',
  ),
);

/** The Pixels tab whose read fails once. */
export const PixelsReadFails = meta.story(
  readFailsStory(
    'pixels',
    '/api/v1/funnels/1/pixels',
    [{ ID: 1, funnel_id: fx.funnel.ID, name: 'Facebook Pixel', aff_id: '', page: 10, location: 'head', code: '<script></script>', pageIds: [10] }],
    'pixels',
    'Facebook Pixel',
  ),
);

/** The funnel as the archive stories' API holds it: PUT …/archive changes it, GET reads it back. */
function archiveHandlers() {
  let funnel = { ...fx.funnel };
  let clone = { ...fx.funnel, ID: 7, version: 1 };
  return [
    http.get('/api/v1/funnels/1', () => HttpResponse.json(funnel)),
    http.get('/api/v1/funnels/7', () => HttpResponse.json(clone)),
    http.put('/api/v1/funnels/1/archive', async ({ request }) => {
      const { archived } = (await request.json()) as { archived: boolean };
      funnel = { ...funnel, archived, version: funnel.version + 1 };
      return HttpResponse.json(funnel);
    }),
    http.post('/api/v1/funnels/1/clone', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      clone = { ...clone, name };
      return HttpResponse.json(clone, { status: 201 });
    }),
    ...screenHandlers(),
  ];
}

/** Archive asks first, then the funnel shows Archived and offers Restore, which asks again and restores it. */
export const ArchiveAndRestore = meta.story({
  parameters: { msw: { handlers: archiveHandlers() } },
  play: async ({ canvas, userEvent, step }) => {
    let ask!: HTMLElement;
    await step('Archive asks first', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Archive' }, { timeout: 5000 }));
      ask = await screen.findByRole('alertdialog', { name: 'Archive funnel' });
      await expect(ask).toHaveTextContent('its published site stays online');
    });
    await step('Confirm: the funnel shows Archived', async () => {
      await userEvent.click(within(ask).getByRole('button', { name: 'Archive' }));
      await expect(await screen.findByText(/Funnel GlowSkin Summer archived/)).toBeVisible();
      await expect(await canvas.findByText('Archived')).toBeVisible();
    });
    await step('Restore asks again and restores it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Restore funnel' })).getByRole('button', { name: 'Restore' }));
      await expect(await screen.findByText('Funnel GlowSkin Summer restored')).toBeVisible();
      await waitFor(() => expect(canvas.queryByText('Archived')).toBeNull());
    });
  },
});

/** Clone asks for the clone's name (000 §5: required), then opens the copy at its own address. */
export const CloneAsksForName = meta.story({
  parameters: { msw: { handlers: archiveHandlers() } },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    let name!: HTMLElement;
    await step("Clone asks for a name, the copy's suggested", async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Clone' }, { timeout: 5000 }));
      dialog = await screen.findByRole('dialog', { name: 'Clone funnel' });
      name = within(dialog).getByLabelText('Clone name');
      await expect(name).toHaveValue('GlowSkin Summer (copy)');
    });
    await step('Clone without a name: the name is required', async () => {
      await userEvent.clear(name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
      await expect(await within(dialog).findByText('Please input a name for the clone')).toBeVisible();
    });
    await step('Name it and clone: the copy opens at its own address', async () => {
      await userEvent.type(name, 'GlowSkin Winter');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
      await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Winter' }, { timeout: 5000 })).toBeVisible();
      await expect(screen.getByText('Funnel GlowSkin Winter created')).toBeVisible();
    });
  },
});
