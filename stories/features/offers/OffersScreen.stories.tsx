/**
 * /offers (001 §2, §5, §8) as an operator uses it: empty ('No Offer added'), filled,
 * create with the seed's rules first and the body as the API received it, a duplicate refused
 * before the call with the info toast, edit, delete after the confirmation, a delete the server
 * refuses (the offer has a funnel: info toast, row kept), a role that may not write offers,
 * and the list searched, sorted and paged on the server with its state in the address.
 */
import preview from '../../../.storybook/preview';
import { recordingStory } from '../../screens';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectToast, toasts } from '../../helpers';
import { MSG, RMSG } from '../../../src/model';
import { OffersScreen } from '../../../src/features/offers/screens/OffersScreen';
import { NO_OFFERS, OFFERS_READ_ONLY, OfferList } from '../../../src/features/offers/components/OfferList';
import { catalogHandlers, manyOffers, storyOffers } from './fixtures';
import { cedarRows } from '../../list-play';
import { columnOf, listScreen } from '../../list-screen';
import { ListHeader, RowActions } from '../../../src/ui/list/ListFrame';
import { saveAndClose, saveExpecting, stepRules, stepValue, typeFields } from '../../dialog-steps';

const offers = listScreen({ path: '/offers', noun: 'offer', table: 'Offers' }, OffersScreen);

// The list's heading and row actions are ListFrame's; the Delete stories act through useInUseDelete.
const meta = preview.meta({
  title: 'Offers/OffersScreen',
  component: OffersScreen,
  subcomponents: { OfferList, ListHeader, RowActions },
  ...offers.meta(catalogHandlers()),
});

const namesIn = (table: HTMLElement) => columnOf(table, 3);

/** No offers: the seed's empty state, Add offer offered. */
export const Empty = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ offers: [] }) } },
  play: offers.empty(NO_OFFERS, () => expect(NO_OFFERS).toBe('No Offer added')),
});

/** Filled: ids, Everflow id, name linking to its offer page, platform and store, each row's actions. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    const table = await offers.listed(step, canvas, 'The offers are listed by name', 3, ['GlowSkin Vitamin C Serum', 'FlexFit Resistance Bands']);
    await step('A row shows its ids, platform and store, link and actions', async () => {
      const row = within(table).getByRole('row', { name: /FlexFit/ });
      await expect(row).toHaveTextContent('20310');
      await expect(row).toHaveTextContent('29next · EU store');
      await expect(within(row).getByRole('link', { name: 'FlexFit Resistance Bands' })).toHaveAttribute('href', '/offers/2/funnels');
      for (const a of ['Edit FlexFit Resistance Bands', 'Delete FlexFit Resistance Bands'])
        await expect(within(row).getByRole('button', { name: a })).toBeEnabled();
    });
  },
});

/** Create: the form's messages first (nothing sent), then a 29next offer with its store is added. */
export const Create = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog, save } = await stepValue(step, 'Add offer opens the form', () => {
        return offers.open(canvas, userEvent);
      });
      await step("Save it empty: the seed's messages", async () => {
        await saveExpecting(userEvent, dialog, [RMSG.offerId, RMSG.offerName]);
      });
      await step('On 29next with no store: select store; nothing sent', async () => {
        await typeFields(userEvent, dialog, { 'Offer ID': '30001', 'Everflow offer ID': '901', 'Offer name': 'SmileBright Strips' });
        await userEvent.selectOptions(within(dialog).getByLabelText('Platform'), '29next');
        await saveExpecting(userEvent, dialog, [MSG.selectStore]);
        await expect(sent).toEqual([]);
      });
      await step('Pick a store and save', async () => {
        await userEvent.selectOptions(within(dialog).getByLabelText('Store'), '2');
        await userEvent.click(save);
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add offer' })).toBeNull());
      });
      await step('The request, the new row and the toast', async () => {
        await expect(sent).toEqual([
          { method: 'POST', path: '/api/v1/offers', body: { offer_id: 30001, ef_offer_id: 901, name: 'SmileBright Strips', platform: '29next', store_id: 2 } },
        ]);
        await waitFor(() => expect(namesIn(table)).toContain('SmileBright Strips'));
        await expectToast('Offer 30001 SmileBright Strips added');
      });
    },
  ),
);

/** A duplicate offer id: 'Offer [id] already exists' as the info toast and on the field; nothing sent, the dialog open. */
export const Duplicate = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { dialog } = await stepValue(step, 'Add offer opens the form', () => {
        return offers.open(canvas, userEvent);
      });
      await step('Save an offer id that exists', async () => {
        await typeFields(userEvent, dialog, { 'Offer ID': '20310', 'Offer name': 'Bands again' });
        await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      });
      await step('The duplicate message and info toast; nothing sent, the dialog stays', async () => {
        await expect(await within(dialog).findByText(MSG.offerExists(20310))).toBeVisible();
        const toast = await toasts().findByText(MSG.offerExists(20310), {}, { timeout: 5000 });
        await expect(toast.closest('[role="status"]')).toHaveTextContent(/^Info/);
        await expect(sent).toEqual([]);
        await expect(screen.getByRole('dialog', { name: 'Add offer' })).toBeVisible();
      });
    },
  ),
);

/** Edit: the offer's values, a new name saved as the whole form. */
export const Edit = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog } = await stepValue(step, 'Edit GlowSkin Vitamin C Serum opens its form', () =>
        offers.open(canvas, userEvent, 'Edit GlowSkin Vitamin C Serum'),
      );
      const name = within(dialog).getByLabelText('Offer name');
      await stepRules(step, userEvent, dialog, [["Clear the name: the seed's message", () => userEvent.clear(name), [RMSG.offerName]]]);
      await step('Rename it and save', async () => {
        await userEvent.type(name, 'GlowSkin Serum');
        await saveAndClose(userEvent, dialog);
      });
      await step('The request and the renamed row', async () => {
        await expect(sent).toEqual([
          { method: 'PUT', path: '/api/v1/offers/1', body: { offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Serum', platform: 'sticky', store_id: 1 } },
        ]);
        await waitFor(() => expect(namesIn(table)).toEqual(['GlowSkin Serum', 'FlexFit Resistance Bands']));
      });
    },
  ),
);

/** Delete: Cancel sends nothing; Delete removes an offer no funnel uses. */
export const Delete = meta.story(
  offers.deleteStory((sent) => catalogHandlers({ sent }), {
    row: 'FlexFit Resistance Bands',
    question: 'Are you sure you want to delete the offer 20310 FlexFit Resistance Bands?',
    path: '/api/v1/offers/2',
    gone: (table) => expect(namesIn(table)).toEqual(['GlowSkin Vitamin C Serum']),
  }),
);

/** Delete refused (a funnel uses the offer): the server's reason as the info toast, the row kept. */
export const DeleteRefused = meta.story(
  offers.deleteRefusedStory('Delete an offer a funnel uses and confirm', 'GlowSkin Vitamin C Serum', {
    said: () => expectToast('Offer 10231 is used by 1 funnel: attach another offer to it first'),
    kept: async (table) => expect(namesIn(table)).toEqual(['GlowSkin Vitamin C Serum', 'FlexFit Resistance Bands']),
  }),
);

/** A role without offers.write (the sticky account): the list, no Add, Edit or Delete, and the reason. */
export const Forbidden = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: offers.readOnly(OFFERS_READ_ONLY, (table) => expect(namesIn(table)).toEqual(['GlowSkin Vitamin C Serum', 'FlexFit Resistance Bands'])),
});

/**
 * Searched, sorted and paged on the server, the state in the address: the next page, a search
 * (typed, asked for after a pause), a sort by name both ways, a search that matches nothing with
 * Clear search, and Back restoring the state before.
 */
export const SearchSortAndPage = meta.story(
  offers.searchSortPageStory(catalogHandlers({ offers: [...storyOffers, ...manyOffers(60)] }), {
    total: 62,
    column: 3,
    ...cedarRows('Offer'),
  }),
);
