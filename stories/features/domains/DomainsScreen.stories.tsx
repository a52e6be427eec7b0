/**
 * /domains (001 §2, §3 Domain, §5, §8; 000 §5, §7) as an operator uses it: every
 * domain, each root followed by its subdomains with its funnel, DNS state and under-attack flag;
 * add a domain (the seed's messages first, a duplicate refused with the info toast, then added
 * as the API received it); under-attack mode switched; delete with confirmation naming what goes
 * along; the DNS records of a domain; an empty list; a list that cannot be read; and a role that
 * the policy keeps from domains (the API's refusal said); and the root domains searched, sorted
 * (the Sort select) and paged on the server.
 */
import preview from '../../../.storybook/preview';
import { recordingStory } from '../../screens';
import { expect, waitFor, within } from 'storybook/test';
import { toasts } from '../../helpers';
import { forbiddenMessage, MSG } from '../../../src/model';
import { DomainsScreen } from '../../../src/features/domains/screens/DomainsScreen';
import { domainsHandlers, manyDomains, storyDomains } from './fixtures';
import { listScreen } from '../../list-screen';
import { openConfirm, openDialog, pressIn, retype, saveAndClose, stepRules, stepValue } from '../../dialog-steps';

const domains = listScreen({ path: '/domains', noun: 'domain', table: 'Domains' }, DomainsScreen);

const meta = preview.meta({ title: 'Domains/DomainsScreen', component: DomainsScreen, ...domains.meta(domainsHandlers()) });

const tableOf = domains.findTable;
const namesIn = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent?.replace(/^↳ /, ''));

/** Filled: roots by name, each followed by its subdomains; funnel links, DNS and under-attack badges. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The heading and the domains by name', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Domains' }, { timeout: 5000 })).toBeVisible();
      table = await tableOf(canvas);
      await expect(namesIn(table)).toEqual([
        'flexfit-bands.com',
        'sommer.flexfit-bands.com',
        'spring.flexfit-bands.com',
        'glowskin-offer.com',
        'purebrite-smile.com',
      ]);
    });
    await step("A domain's attack mode and DNS state", async () => {
      const flex = within(table).getByRole('row', { name: /^flexfit-bands\.com/ });
      await expect(flex).toHaveTextContent('Under attack');
      await expect(flex).toHaveTextContent('In DNS');
    });
    await step("A subdomain's parent, funnel link and lock", async () => {
      const sommer = within(table).getByRole('row', { name: /^sommer\./ });
      await expect(sommer).toHaveTextContent('Subdomain of flexfit-bands.com');
      await expect(await within(sommer).findByRole('link', { name: /FlexFit Summer/ })).toHaveAttribute('href', '/funnels/3/domains');
      await expect(within(sommer).getByRole('img', { name: 'Locked' })).toBeVisible();
    });
    await step('A domain not in DNS', async () => {
      await expect(within(table).getByRole('row', { name: /^purebrite/ })).toHaveTextContent('Not in DNS');
    });
  },
});

/** Add: 'Please Domain URL', 'Please enter a valid domain', a duplicate refused (info toast, nothing sent), then added. */
export const AddDomain = meta.story(
  recordingStory(
    (sent) => domainsHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog, save } = await stepValue(step, 'Add domain opens the form, without a subdomain', async () => {
        const opened = await domains.open(canvas, userEvent);
        // /domains adds new domains only: a subdomain belongs to a funnel.
        await expect(within(opened.dialog).queryByLabelText('Subdomain')).toBeNull();
        return opened;
      });
      const name = within(dialog).getByLabelText('Domain name');
      await stepRules(step, userEvent, dialog, [
        ["Save it empty: the seed's message", null, [MSG.domainRequired]],
        ["Not a domain: the seed's message", () => userEvent.type(name, 'not a domain'), [MSG.domainInvalid]],
      ]);
      await step("A domain already added: the seed's message; nothing sent", async () => {
        await retype(userEvent, name, 'GlowSkin-Offer.com');
        await userEvent.click(save);
        await expect(await toasts().findByText(MSG.domainAdded('glowskin-offer.com'))).toBeVisible();
        await expect(sent).toEqual([]);
      });
      await step('Add sunny-deals.com', async () => {
        await retype(userEvent, name, 'sunny-deals.com');
        await saveAndClose(userEvent, dialog);
      });
      await step('The request, the new row and the toast', async () => {
        await expect(sent).toEqual([{ method: 'POST', path: '/api/v1/domains/?sync=true', body: { name: 'sunny-deals.com' } }]);
        await waitFor(() => expect(namesIn(table)).toContain('sunny-deals.com'));
        await expect(await toasts().findByText('Domain sunny-deals.com added')).toBeVisible();
      });
    },
  ),
);

/** Under-attack mode off for a root domain, then delete a root (its subdomains go too, said first). */
export const EditAndDelete = meta.story(
  recordingStory(
    (sent) => domainsHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      let table!: HTMLElement;
      let dialog!: HTMLElement;
      let attack!: HTMLElement;
      await step('Edit flexfit-bands.com: under attack is on', async () => {
        table = await tableOf(canvas);
        dialog = await openDialog(canvas, userEvent, 'Edit flexfit-bands.com');
        attack = within(dialog).getByLabelText('Under attack mode');
        await expect(attack).toBeChecked();
      });
      await step('Turn it off and save: the request and the row', async () => {
        await userEvent.click(attack);
        await saveAndClose(userEvent, dialog);
        await expect(sent).toEqual([{ method: 'PUT', path: '/api/v1/domains/2?sync=true', body: { name: 'flexfit-bands.com', under_attack: false } }]);
        await waitFor(() => expect(within(table).getByRole('row', { name: /^flexfit-bands\.com/ })).not.toHaveTextContent('Under attack'));
      });

      const confirm = await stepValue(step, 'Delete it: the question names its subdomains', () =>
        openConfirm(canvas, userEvent, 'Delete flexfit-bands.com', 'Delete domain', 'sommer.flexfit-bands.com, spring.flexfit-bands.com'),
      );
      await step('Confirm: it and its subdomains go; the request', async () => {
        await pressIn(userEvent, confirm, 'Delete');
        await waitFor(() => expect(namesIn(table)).toEqual(['glowskin-offer.com', 'purebrite-smile.com']));
        await expect(sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/v1/domains/2', body: null });
      });
    },
  ),
);

/** A domain's DNS records open below the list. */
export const DnsRecordsOfADomain = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('Open the DNS records of glowskin-offer.com', async () => {
      await tableOf(canvas);
      await userEvent.click(canvas.getByRole('button', { name: 'DNS records of glowskin-offer.com' }));
    });
    await step('Its records are listed', async () => {
      const records = await canvas.findByRole('table', { name: 'DNS records of glowskin-offer.com' }, { timeout: 5000 });
      await expect(await within(records).findByDisplayValue('203.0.113.10', {}, { timeout: 5000 })).toBeVisible();
    });
  },
});

/** No domains yet: the seed's empty state. */
export const Empty = meta.story({
  parameters: { msw: { handlers: domainsHandlers({ domains: [] }) } },
  play: domains.empty('No Domains added'),
});

/** The list cannot be read: the reason where the list would be. */
export const LoadError = meta.story({
  parameters: { msw: { handlers: domainsHandlers({ fail: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Database unavailable');
  },
});

/** A role the policy keeps from domains (the sticky account): the API's refusal is said, nothing to act on. */
export const ForbiddenRole = meta.story(domains.forbidden(domainsHandlers({ role: 'sticky' }), forbiddenMessage('sticky', 'domains.read')));

/** The root domains searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage = meta.story(
  domains.searchSortPageStory(domainsHandlers({ domains: [...storyDomains, ...manyDomains(60)] }), {
    total: 63,
    search: 'charlie',
    matches: 20,
    column: 0,
    sort: { select: 'Oldest first', descSelect: 'Newest first', key: 'id' },
    firstAsc: 'charlie-shop-03.com',
    firstDesc: 'charlie-shop-60.com',
  }),
);
