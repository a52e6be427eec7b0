import addonA11y from '@storybook/addon-a11y';
import addonDocs from '@storybook/addon-docs';
import { definePreview, type Decorator } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { configure } from 'storybook/test';
import { EditorProvider } from '../src/editor';
import { ToastRegion } from '../src/ui';
import '../src/ui/fonts';
import '../src/ui/theme.css';
import { storyContext, type StoryContextLoaded } from './store';
import { apiHandlers } from './handlers';
import { DocsPage } from './docs/DocsPage';

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: on a busy CI machine a screen's
// first queries (e.g. /api/v1/me behind a role check) can take longer than a second to answer,
// which failed ReleasesTab RollingBack there. They still fail when the state never comes.
configure({ asyncUtilTimeout: 5000 });

// The worker's URL is relative to iframe.html, so the Storybook works at the root and under /storybook/.
initialize({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: './mockServiceWorker.js' } });

/**
 * Every story gets a fresh editor store (seeded from `parameters.editorDocs`, fixtures from
 * tests/fixtures), a fresh query cache, a router and the toast region.
 */
const withApp: Decorator = (Story, ctx) => {
  const { store, queryClient: qc } = ctx.loaded as StoryContextLoaded;
  return (
    <QueryClientProvider client={qc}>
      <EditorProvider store={store}>
        <MemoryRouter>
          <Story />
          <ToastRegion />
        </MemoryRouter>
      </EditorProvider>
    </QueryClientProvider>
  );
};

/**
 * The preview, as CSF Next's factory: story files call `preview.meta({...})` and `meta.story({...})`,
 * typed by the component's props and the addons listed here (a11y, docs).
 */
export default definePreview({
  addons: [addonA11y(), addonDocs()],
  // A docs page for every component: TSDoc, props table, "What this edits", every story.
  tags: ['autodocs'],
  loaders: [mswLoader, (ctx) => storyContext(ctx.parameters.editorDocs ?? {})],
  decorators: [withApp],
  parameters: {
    msw: { handlers: apiHandlers() },
    a11y: { test: 'error' },
    layout: 'padded',
    docs: { page: DocsPage },
  },
});
