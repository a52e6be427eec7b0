/**
 * The wizards' calls (000 §7): the reads their steps need (stores, every domain) and the
 * real {@link BuildApi} of the build sequence — `POST /api/v1/offers/create/`,
 * `POST /api/v1/funnels`, `POST /api/v1/domains/?sync=false` (a new full domain is then
 * attached with `PUT /api/v1/domains/{id}`), `POST /api/v1/campaigns`, `POST /api/v1/pages`
 * and a JSON-Patch of the funnel's `page_id`. Every create sends the sequence's
 * Idempotency-Key, so a retry after a lost answer replays the first one. Answers are parsed
 * with the model's schemas; failures throw the client's ApiError (message shown as 'Error').
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, keys, patchDocument, requestParsed, sharedReads, urlOf, useOffers, useTemplates } from '../../../api';
import { CAMPAIGN_ROUTES, DOMAIN_ROUTES, FUNNEL_ROUTES, PAGE_ROUTES, SHIPPING_ROUTES, WIZARD_ROUTES, type Contract } from '../../../model';
import type { BuildApi } from './sequence';

const idem = (key: string) => ({ 'Idempotency-Key': key });

/**
 * Posts `body` to contract `c`'s route with the Idempotency-Key `key`, the answer parsed with
 * the contract's schema. The plan's fields are the wizard's form values (plain strings where
 * the contract has enums), so the body is sent as it is and the server checks it (422).
 */
const create = <C extends Contract>(c: C, body: unknown, key: string): Promise<z.output<C['answer']>> =>
  requestParsed<C['answer']>(c.answer, 'POST', urlOf(c, {}), { body, headers: idem(key) });

/** The build sequence's calls against the API (see the module comment). */
export const buildApi: BuildApi = {
  createOffer: (offer, key) => call(WIZARD_ROUTES.createOffer, { body: offer, headers: idem(key) }),
  createFunnel: (funnel, key) => create(FUNNEL_ROUTES.create, funnel, key),
  createDomain: async (d, funnelId, key) => {
    if (d.kind === 'subdomain') {
      return call(DOMAIN_ROUTES.create, { query: { sync: false }, body: { name: d.name, funnel_id: funnelId, domain_id: d.domain_id }, headers: idem(key) });
    }
    // 000 §5 "Without a funnel: a full domain": created on its own, then attached (a PUT: a retry repeats it harmlessly).
    const made = await call(DOMAIN_ROUTES.create, { query: { sync: false }, body: { name: d.name }, headers: idem(key) });
    return call(DOMAIN_ROUTES.update, { params: { id: made.ID }, query: { sync: false }, body: { funnel_id: funnelId } });
  },
  createCampaign: (c, key) => create(CAMPAIGN_ROUTES.create, c, key),
  createPage: (p, key) => create(PAGE_ROUTES.create, p, key),
  setIndexPage: async (funnelId, pageId, key) => {
    // Read the version first: a retry after a lost answer finds the index page already set.
    const f = await sharedReads.funnel(funnelId);
    if (f.page_id === pageId) return;
    await patchDocument(`funnel:${funnelId}`, [{ op: 'replace', path: '/page_id', value: pageId }], {
      version: f.version,
      idempotencyKey: key,
      label: 'Set index page',
    });
  },
};

/** `GET /api/v1/stores` (001 §7): the stores a 29next offer chooses from. */
export const useStores = () => useQuery({ queryKey: ['stores'], queryFn: () => call(SHIPPING_ROUTES.stores, {}) });

/** Every domain and subdomain, flat (`GET /api/v1/domains/?all=true`): the parents and the duplicate check. */
export const useWizardDomains = () => useQuery({ queryKey: keys.domains, queryFn: () => call(DOMAIN_ROUTES.list, { query: { all: true } }) });

/**
 * What both wizards choose from — offers, stores, domains and templates — as the props they
 * take ([] until loaded), with `loading` while any is on its way and the first `error`.
 */
export function useWizardChoices() {
  const offers = useOffers();
  const stores = useStores();
  const domains = useWizardDomains();
  const templates = useTemplates();
  const all = [offers, stores, domains, templates];
  return {
    choices: { offers: offers.data ?? [], stores: stores.data ?? [], domains: domains.data ?? [], templates: templates.data ?? [] },
    loading: all.some((q) => q.isLoading),
    error: all.find((q) => q.isError)?.error,
  };
}
