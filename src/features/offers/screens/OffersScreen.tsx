/**
 * /offers (001 §2; 000 §7 "Offers"): the offer list from the API; whoever may write offers
 * (`offers.write`) adds, edits and deletes them. A duplicate offer id refused by the server
 * (409 'Offer [id] already exists') and a delete refused while a funnel uses the offer are
 * the info toast that blocks the action (001 §8); other refusals the 'Error' toast (000 §8).
 * Writes that succeed say so.
 */
import { useCan, useRole } from '../../../api';
import { notify, useDocumentTitle } from '../../../ui';
import { shownWrite, useOfferList, useOfferMutations, useStores } from '../api';
import { OfferList } from '../components/OfferList';

/** The Offers screen. */
export function OffersScreen() {
  useDocumentTitle(['Offers']);
  const listQ = useOfferList();
  const stores = useStores();
  const canWrite = useCan('offers.write');
  const roleKnown = useRole() !== null;
  const m = useOfferMutations();
  return (
    <OfferList
      offers={listQ.data}
      loadError={listQ.error?.message}
      stores={stores.data ?? []}
      canWrite={canWrite}
      roleKnown={roleKnown}
      onDuplicate={(message) => notify.info(message)}
      onCreate={async (v) => {
        const o = await shownWrite(() => m.create.mutateAsync(v));
        notify.success(`Offer ${o.offer_id} ${o.name} added`);
      }}
      onUpdate={async (x, v) => {
        const o = await shownWrite(() => m.update.mutateAsync({ id: x.ID, body: v }));
        notify.success(`Offer ${o.offer_id} ${o.name} saved`);
      }}
      onDelete={async (x) => {
        await shownWrite(() => m.remove.mutateAsync(x.ID));
        notify.success(`Offer ${x.offer_id} ${x.name} deleted`);
      }}
    />
  );
}
