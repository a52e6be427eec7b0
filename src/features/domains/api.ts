/**
 * The domains slice's writes (001 §2 /domains; 000 §7 "Domains"): a new domain without a funnel
 * (`POST /api/v1/domains/?sync=` with the full name, 000 §5 "Without a funnel: a full domain"),
 * rename / under-attack mode (`PUT /api/v1/domains/{id}?sync=`), set up in DNS
 * (`PUT …?sync=true` with `{}`) and delete. The list is one page of root domains with their
 * subdomains ({@link useDomainPage}); the forms check against the shared every-domain read
 * (`useAllDomains`, src/api/domains.ts). Each write refreshes every domain list, the funnels'
 * Domains tabs included; each rejects with the ApiError the client has shown.
 */
import type { Query } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, keys, useWrite } from '../../api';
import { useListPage } from '../../api/list';
import { listQueryOf, type ListState } from '../../ui/list/list-state';
import { DOMAIN_ROUTES, type Domain, type DomainEditValues, type DomainUpdateSchema } from '../../model';
import { notify } from '../../ui';

/** One page of the root domains (each with its subdomains as `children`) as `state` asks for it (searched, sorted and paged on the server). */
export const useDomainPage = (state: ListState) => useListPage(keys.domains, DOMAIN_ROUTES.list, listQueryOf(state));

/** See the module comment; each write that goes through says so. */
export function useDomainsScreenMutations() {
  const o = { refresh: [{ queryKey: keys.domains }, { predicate: (x: Query) => x.queryKey[0] === 'funnels' && x.queryKey[2] === 'domains' }], toasts: notify };
  const put = (id: number, body: z.input<typeof DomainUpdateSchema>, sync: boolean) => call(DOMAIN_ROUTES.update, { params: { id }, query: { sync }, body });
  return {
    create: useWrite((v: { name: string; sync: boolean }) => call(DOMAIN_ROUTES.create, { query: { sync: v.sync }, body: { name: v.name } }), {
      ...o,
      success: (c) => `Domain ${c.name} added`,
    }),
    update: useWrite(
      ({ id, form }: { id: number; form: DomainEditValues }) =>
        put(id, { name: form.name, ...(form.under_attack !== undefined ? { under_attack: form.under_attack } : {}) }, form.sync),
      { ...o, success: (u) => `Domain ${u.name} saved` },
    ),
    sync: useWrite((id: number) => put(id, {}, true), { ...o, success: (x) => `Domain ${x.name} is set up in DNS` }),
    remove: useWrite((d: Pick<Domain, 'ID' | 'name'>) => call(DOMAIN_ROUTES.remove, { params: { id: d.ID } }), {
      ...o,
      success: (_, d) => `Domain ${d.name} deleted`,
    }),
  };
}
