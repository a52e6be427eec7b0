/**
 * The offer list's page read (001 §2 /offers): apart from ./api.ts so that the offer page and its
 * tabs, which read one offer, do not bring the list's paging state with them.
 */
import { useListPage } from '../../api/list';
import { OFFER_ROUTES } from '../../model';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { offerKeys } from './api';

/** One page of the offer list as `state` asks for it (searched, sorted and paged on the server; see src/api/list.ts). */
export const useOfferPage = (state: ListState) => useListPage(offerKeys.list, OFFER_ROUTES.list, listQueryOf(state));
