import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { configureApi } from '../../../src/api';
import { FunnelsScreen } from '../../../src/features/funnels/screens/FunnelsScreen';
import { MSG } from '../../../src/model';
import { notify } from '../../../src/ui';
import { renderAt, screenHandlers } from '../../screens';

/**
 * /funnels when the server refuses (a story per seed message; 000 §8): the API
 * client reports the server's message as the app wires it (src/app/auth.tsx: an 'Error'
 * notification), installed here for these stories only.
 */
const meta = preview.meta({
  title: 'Funnels/FunnelsScreen messages',
  component: FunnelsScreen,
  render: renderAt('/funnels', <FunnelsScreen />),
  beforeEach: () => {
    configureApi({ getToken: () => 'story-token', notify: (tone, m) => (tone === 'success' ? notify.success(m) : notify.error(m)) });
    return () => configureApi({ getToken: () => 'story-token' });
  },
});

/**
 * Another operator deleted the funnel while this one was cloning it: POST
 * /api/v1/funnels/1/clone answers 404 'Source funnel not found'. The error shows and the
 * dialog stays open with the name typed, so nothing is lost.
 */
export const CloneSourceGone = meta.story({
  parameters: {
    msw: {
      handlers: [http.post('/api/v1/funnels/:id/clone', () => HttpResponse.json({ message: MSG.sourceFunnelNotFound }, { status: 404 })), ...screenHandlers()],
    },
  },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    await step('Clone GlowSkin Summer and name the copy', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Clone GlowSkin Summer' }));
      dialog = await screen.findByRole('dialog', { name: 'Clone GlowSkin Summer' });
      const name = await within(dialog).findByLabelText('Clone name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Glow B');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await step("The server's message shows as an error; the dialog keeps the name", async () => {
      const alert = await within(canvas.getByRole('region', { name: 'Notifications' })).findByRole('alert');
      await expect(alert).toHaveTextContent(`${MSG.errorTitle}${MSG.sourceFunnelNotFound}`);
      await expect(within(dialog).getByLabelText('Clone name')).toHaveValue('Glow B');
    });
  },
});
