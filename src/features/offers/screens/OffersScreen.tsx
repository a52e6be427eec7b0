/**
 * /offers (001 §2; 000 §7 "Offers"): the offer list from the API; whoever may write offers
 * (`offers.write`) adds, edits and deletes them. A duplicate offer id refused by the server
 * (409 'Offer [id] already exists') and a delete refused while a funnel uses the offer are
 * the info toast that blocks the action (001 §8); other refusals the 'Error' toast (000 §8).
 * Writes that succeed say so. The list is searched, sorted and paged on the server, that state
 * in the URL (`/offers?q=glow&sort=-name&page=2`: shareable, Back restores the previous one).
 */
import { recordHandlers, useCan, useRole } from '../../../api';
import { OFFER_SORTS } from '../../../model';
import { notify, useDocumentTitle } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { OFFER_ROUTES } from '../../../model/contracts/offers';
import { useOfferList, useOfferMutations, useStores } from '../api';
import { useOfferPage } from '../list-api';
import { OfferList } from '../components/OfferList';

/** The Offers screen. */
export function OffersScreen() {
  useDocumentTitle(['Offers']);
  const { state, go } = useListState(OFFER_SORTS);
  const pageQ = useOfferPage(state);
  // Every offer, for the form's duplicate check (the read the funnel screens share).
  const allQ = useOfferList();
  const stores = useStores();
  const canWrite = useCan('offers.write');
  const roleKnown = useRole() !== null;
  const m = useOfferMutations();
  return (
    <OfferList
      offers={pageQ.data?.rows}
      allOffers={allQ.data}
      list={listPaging(state, go, pageQ, csvExport(OFFER_ROUTES.export.path, listQueryOf(state), 'offers.csv'))}
      loadError={pageQ.error?.message}
      stores={stores.data ?? []}
      canWrite={canWrite}
      roleKnown={roleKnown}
      onDuplicate={(message) => notify.info(message)}
      {...recordHandlers(m)}
    />
  );
}
