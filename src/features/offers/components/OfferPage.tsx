/**
 * The offer page (001 §2 "/offers/{id}/{tab}"): the offer's name, ids, platform and store, Edit
 * (the offer form) and Delete (with a confirmation) for whoever may write offers, and the tabs
 * funnels, products and campaign (see ./OfferTabs.tsx). Also what an unknown offer shows.
 * Presentational: the offer screen reads the data, performs the writes and drives the tab by
 * the route.
 */
import { useState, type ReactNode } from 'react';
import type { Offer, Store } from '../../../model';
import { Button, ConfirmDialog, DetailHeader, NotFoundSection, FormDialog, Tabs, styles as s } from '../../../ui';
import { useInUseDelete } from '../../../ui/list/useInUseDelete';
import type { OfferDetail } from '../api';
import { deleteOfferQuestion, platformText } from './OfferList';
import { OfferForm, type OfferFormValues } from './OfferForm';
import { OFFER_TAB_LABELS, OFFER_TABS, type OfferTab } from './OfferTabs';

/** What an unknown offer id says. */
export const offerNotFound = (id: string) => `Offer ${id} not found`;

/** An unknown offer (a wrong id in the address, or a deleted offer): said clearly, with the way back. */
export function OfferNotFound({ id }: { id: string }) {
  return <NotFoundSection id="offer-missing" title={offerNotFound(id)} noun="offer" back={{ to: '/offers', label: 'Offers' }} />;
}

/** Props of {@link OfferPage}. */
export interface OfferPageProps {
  offer: OfferDetail;
  /** The tab shown (the route's `{tab}`). */
  tab: OfferTab;
  onSelectTab: (t: OfferTab) => void;
  /** Each tab's content. */
  content: Record<OfferTab, ReactNode>;
  /** Every offer (the form's duplicate check) and the stores (its Store select). */
  offers: readonly Offer[];
  stores: readonly Store[];
  /** Edit and Delete are offered (`offers.write`). */
  canWrite: boolean;
  /** Each write rejects when the server refuses (the dialog then stays open). */
  onUpdate: (v: OfferFormValues) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onDuplicate: (message: string) => void;
}

/** See {@link OfferPageProps}. */
export function OfferPage({ offer, tab, onSelectTab, content, offers, stores, canWrite, onUpdate, onDelete, onDuplicate }: OfferPageProps) {
  const [editing, setEditing] = useState(false);
  const { ask, dialog: deleteDialog } = useInUseDelete(deleteOfferQuestion, onDelete);
  return (
    <section aria-labelledby="offer-title">
      <DetailHeader back={{ to: '/offers', label: 'Offers' }} titleId="offer-title" title={offer.name}>
        <span className={`${s.badge} ${s.tone.info}`}>Offer ID {offer.offer_id}</span>
        {offer.ef_offer_id != null && <span className={s.badge}>Everflow ID {offer.ef_offer_id}</span>}
        <span className={s.badge}>{platformText(offer)}</span>
        <span className={s.spacer} />
        {canWrite && <Button onPress={() => setEditing(true)}>Edit offer</Button>}
        {canWrite && <Button onPress={() => ask(offer)}>Delete offer</Button>}
      </DetailHeader>
      <Tabs
        label="Offer"
        selected={tab}
        onSelect={(t) => onSelectTab(t as OfferTab)}
        items={OFFER_TABS.map((t) => ({ id: t, label: OFFER_TAB_LABELS[t], content: content[t] }))}
      />
      {canWrite && (
        <>
          <FormDialog title={`Edit ${offer.name}`} isOpen={editing} formId="offer-page-form" onSave={onUpdate} onClose={() => setEditing(false)}>
            {(slot) => <OfferForm {...slot} offer={offer} offers={offers} stores={stores} onDuplicate={onDuplicate} />}
          </FormDialog>
          <ConfirmDialog title="Delete offer" {...deleteDialog} />
        </>
      )}
    </section>
  );
}
