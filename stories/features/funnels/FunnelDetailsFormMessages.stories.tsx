import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { FunnelDetailsForm } from '../../../src/features/funnels/components/FunnelDetailsForm';
import { funnelView, MSG, type Funnel } from '../../../src/model';
import { funnel as stored, offers, pages } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';

/**
 * The funnel details form's messages (a story per seed message; 000 §5): a funnel
 * record with every general field missing or malformed — as one imported from the old admin
 * can be — shows each field's seed message at once, and each goes when its field is put right.
 */
const funnel = funnelView(stored);
const doc = `funnel:${funnel.ID}` as const;
const broken = {
  ...funnel,
  name: '',
  offer: null,
  currency: '',
  language: '',
  page_id: null,
  cs_number: '',
  cs_email: '',
  details: { ...funnel.details, OPT: 'OPT-12345678', UA: 'UA-123456<script>', cf_site_key: '0x4AAAAAAA-site-key-that-is-far-too-long' },
} as unknown as Funnel;

const meta = preview.meta({
  title: 'Funnels/FunnelDetailsForm messages',
  component: FunnelDetailsForm,
  args: { funnelId: funnel.ID, offers, pages },
  parameters: { editorDocs: { [doc]: broken } },
});

/** Every general field wrong at once: each shows its own message next to it. */
export const EveryFieldMissing = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    await step('Each field shows its seed message', async () => {
      for (const m of [
        MSG.funnelName,
        MSG.offerRequired,
        MSG.currencyRequired,
        MSG.languageRequired,
        MSG.indexPage,
        MSG.supportNumber,
        MSG.supportEmail,
        MSG.opt,
        MSG.ua,
        MSG.cfKey,
      ]) {
        await expect(canvas.getByText(m)).toBeVisible();
      }
      await expect(canvas.getByLabelText('Currency')).toHaveAccessibleDescription(MSG.currencyRequired);
    });
    const store = storeOf(loaded);
    const before = snapshot<Funnel>(store, doc);
    await step('Choose a currency and a language: their messages go, the others stay', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Currency'), 'USD');
      await userEvent.selectOptions(canvas.getByLabelText('Language'), 'en');
      await expect(canvas.queryByText(MSG.currencyRequired)).toBeNull();
      await expect(canvas.queryByText(MSG.languageRequired)).toBeNull();
      await expect(canvas.getByText(MSG.indexPage)).toBeVisible();
    });
    await step('Undo twice restores the exact record, redo the choices', async () => {
      await expectUndoRedo(
        store,
        doc,
        before,
        () => {
          store.actions.undo();
          store.actions.undo();
        },
        () => {
          store.actions.redo();
          store.actions.redo();
        },
      );
    });
  },
});
