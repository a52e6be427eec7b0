import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DomainList as DomainsTab } from '../../../src/ui/catalog/DomainList';
import { AddDomainForm, EditDomainForm } from '../../../src/ui/catalog/DomainForms';
import type { Domain } from '../../../src/model';
import { DEMO_DOMAINS } from '../../../src/model/demo-records';
import { lockedTabStory } from './locked-tab';
import {
  deleteAfterAsking,
  expectNoDialog,
  listsRows,
  openConfirm,
  openDialog,
  pressIn,
  retype,
  saveAndClose,
  saveExpecting,
  stepValue,
  typeFields,
} from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';

const base = { funnel_id: null, domain_id: null, parent: null, sync: true, under_attack: false, zone_id: null };
/** Every domain of the demo data plus a subdomain of funnel 1 (001 §3: parent domain, under_attack). */
const [glow, flex, sommer, pure] = DEMO_DOMAINS;
const spring: Domain = { ...base, ID: 5, name: 'spring.flexfit-bands.com', funnel_id: 1, domain_id: 2, parent: 'flexfit-bands.com', sync: false };
const allDomains = [flex, glow, pure, sommer, spring];

const meta = preview.meta({
  title: 'Funnels/DomainsTab',
  // The Add and Edit stories fill these forms in their dialogs.
  subcomponents: { AddDomainForm, EditDomainForm },
  component: DomainsTab,
  args: {
    domains: [glow, spring],
    allDomains,
    ...resolvingSpies('onCreate', 'onUpdate', 'onDelete'),
    onShowDns: fn(),
    onDuplicate: fn(),
  },
});

/** The list: kind and DNS state per domain; rename a subdomain by its suffix; delete a root asks first naming its subdomains; DNS records opens. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let name!: HTMLElement;
    await step('The domains are listed with their kind and DNS state', () =>
      listsRows(canvas.getByRole('table', { name: 'Domains' }), {
        rows: [/glowskin-offer\.com Domain In DNS/, /spring\.flexfit-bands\.com Subdomain of flexfit-bands\.com Not in DNS/],
      }),
    );
    await step("DNS records opens a domain's records", async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'DNS records of glowskin-offer.com' }));
      await expect(args.onShowDns).toHaveBeenCalledWith(expect.objectContaining({ ID: 1 }));
    });
    await step('Edit a subdomain: rename it and sync it', async () => {
      const dialog = await openDialog(canvas, userEvent, 'Edit spring.flexfit-bands.com');
      name = within(dialog).getByLabelText('Subdomain');
      // The suffix is edited; its parent is kept.
      await expect(name).toHaveValue('spring');
      await expect(within(dialog).queryByLabelText('Under attack mode')).toBeNull();
      await retype(userEvent, name, 'Winter');
      await userEvent.click(within(dialog).getByLabelText('Set up in DNS (sync)'));
      await saveAndClose(userEvent, dialog, calledForRow(args.onUpdate, 5, { name: 'winter', sync: true }));
    });
    await step('Edit a domain: its name is kept, under-attack mode changes', async () => {
      const root = await openDialog(canvas, userEvent, 'Edit glowskin-offer.com');
      // A domain with a DNS zone keeps its name; its under-attack mode can change.
      await expect(within(root).getByLabelText('Domain name')).toHaveAttribute('readonly');
      await userEvent.click(within(root).getByLabelText('Under attack mode'));
      await saveAndClose(userEvent, root, calledForRow(args.onUpdate, 1, { name: 'glowskin-offer.com', under_attack: true, sync: true }));
    });
    await step('Delete a subdomain, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete spring.flexfit-bands.com',
        dialog: 'Delete domain',
        question: 'Are you sure you want to delete the subdomain spring.flexfit-bands.com? Its DNS records go too.',
        deleted: calledForRow(args.onDelete, 5),
      }),
    );
  },
});

/** Deleting a root domain says that its DNS zone and its subdomains go too. */
export const DeleteRootDomain = meta.story({
  args: { domains: [flex] },
  play: async ({ canvas, userEvent, args, step }) => {
    const confirm = await stepValue(step, 'Delete a root domain: its zone and subdomains go too', () =>
      openConfirm(
        canvas,
        userEvent,
        'Delete flexfit-bands.com',
        'Delete domain',
        'Its DNS zone and its subdomains (sommer.flexfit-bands.com, spring.flexfit-bands.com) go too.',
      ),
    );
    await step('Cancel deletes nothing', async () => {
      await pressIn(userEvent, confirm, 'Cancel');
      await expectNoDialog('alertdialog');
      await expect(args.onDelete).not.toHaveBeenCalled();
    });
  },
});

/** Add a subdomain: a suffix under a chosen domain, set up in DNS (sync) by default; the full name is shown as typed. */
export const AddSubdomain = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Add domain opens on a subdomain, the caret in Subdomain', async () => {
      dialog = await openDialog(canvas, userEvent, 'Add domain');
      await expect(within(dialog).getByRole('radio', { name: 'Subdomain of one of our domains' })).toBeChecked();
      await waitFor(() => expect(within(dialog).getByLabelText('Subdomain')).toHaveFocus());
    });
    await step('Name it under a parent: the full name is shown, synced', async () => {
      await typeFields(userEvent, dialog, { Subdomain: 'Autumn' });
      await userEvent.selectOptions(within(dialog).getByLabelText('Parent domain'), 'flexfit-bands.com');
      await expect(within(dialog).getByText('Full name: autumn.flexfit-bands.com')).toBeVisible();
      await expect(within(dialog).getByLabelText('Set up in DNS (sync)')).toBeChecked();
    });
    await step('Save adds the subdomain', async () => {
      await saveAndClose(userEvent, dialog, () => expect(args.onCreate).toHaveBeenCalledWith({ kind: 'subdomain', name: 'autumn', domain_id: 2, sync: true }));
    });
  },
});

/** Add a new domain (a full name with a TLD), without DNS this time. */
export const AddDomain = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepValue(step, 'Open Add domain', () => openDialog(canvas, userEvent, 'Add domain'));
    await step('Add a new domain, not synced', async () => {
      await userEvent.click(within(dialog).getByRole('radio', { name: 'New domain' }));
      await typeFields(userEvent, dialog, { 'Domain name': 'Try-Glow.net' });
      await userEvent.click(within(dialog).getByLabelText('Set up in DNS (sync)'));
      await pressIn(userEvent, dialog);
      await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith({ kind: 'domain', name: 'try-glow.net', sync: false }));
    });
  },
});

/** With no domains at all the form starts on New domain, and the parent list says why it is empty. */
export const AddFirstDomain = meta.story({
  args: { domains: [], allDomains: [] },
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    await step('With no domains, Add domain opens on a new domain', async () => {
      dialog = await openDialog(canvas, userEvent, 'Add domain');
      await expect(within(dialog).getByRole('radio', { name: 'New domain' })).toBeChecked();
    });
    await step('A subdomain needs a domain first', async () => {
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Subdomain of one of our domains' }));
      await expect(within(dialog).getByText('No domains yet: add a new domain first')).toBeVisible();
    });
  },
});

/**
 * The seeds' messages (001 §5, 000 §5): 'Please Domain URL', a subdomain needs its domain, a
 * dotted suffix is refused, 'Please enter a valid domain', and 'Domain [name] already added'
 * (also raised as an info toast, 001 §8); nothing is saved.
 */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let name!: HTMLElement;
    const dialog = await stepValue(step, 'Open Add domain', () => openDialog(canvas, userEvent, 'Add domain'));
    await step("Save it empty: the seed's messages", async () => {
      await saveExpecting(userEvent, dialog, ['Please Domain URL', 'Please select a domain']);
    });
    await step('A bad subdomain is refused', async () => {
      await typeFields(userEvent, dialog, { Subdomain: 'eu.shop' });
      await userEvent.selectOptions(within(dialog).getByLabelText('Parent domain'), 'flexfit-bands.com');
      await saveExpecting(userEvent, dialog, ['Please enter a valid subdomain']);
    });
    await step('A taken subdomain is refused', async () => {
      await retype(userEvent, within(dialog).getByLabelText('Subdomain'), 'Sommer');
      await saveExpecting(userEvent, dialog, ['Domain sommer.flexfit-bands.com already added']);
      await expect(args.onDuplicate).toHaveBeenCalledWith('Domain sommer.flexfit-bands.com already added');
    });
    await step('A new domain without a dot is refused', async () => {
      await userEvent.click(within(dialog).getByRole('radio', { name: 'New domain' }));
      name = within(dialog).getByLabelText('Domain name');
    });
    await step('A taken domain is refused; nothing saved', async () => {
      await retype(userEvent, name, 'nodot');
      await saveExpecting(userEvent, dialog, ['Please enter a valid domain']);
      await retype(userEvent, name, 'PureBrite-Smile.com');
      await saveExpecting(userEvent, dialog, ['Domain purebrite-smile.com already added']);
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** A rename onto a taken name is refused before the call; a refusal of the server stays in the dialog with what was typed. */
export const InvalidEdit = meta.story({
  args: { onUpdate: fn(() => Promise.reject(new Error('A DNS record named winter.flexfit-bands.com already exists'))) },
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    let name!: HTMLElement;
    await step('Edit a subdomain', async () => {
      dialog = await openDialog(canvas, userEvent, 'Edit spring.flexfit-bands.com');
      name = within(dialog).getByLabelText('Subdomain');
    });
    await step('A taken name is refused', async () => {
      await retype(userEvent, name, 'sommer');
      await saveExpecting(userEvent, dialog, ['Domain sommer.flexfit-bands.com already added']);
      await expect(args.onUpdate).not.toHaveBeenCalled();
    });
    await step('An empty name is refused', async () => {
      await userEvent.clear(name);
      await saveExpecting(userEvent, dialog, ['Please Domain URL']);
    });
    await step('The server refuses: its message, the form kept', async () => {
      await userEvent.type(name, 'winter');
      await pressIn(userEvent, dialog);
      await waitFor(() => expect(args.onUpdate).toHaveBeenCalledTimes(1));
      await expect(await within(dialog).findByRole('alert')).toHaveTextContent('A DNS record named winter.flexfit-bands.com already exists');
      await expect(name).toHaveValue('winter');
      await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    });
  },
});

/** No domains: the empty state in the seed's words. */
export const Empty = meta.story({
  args: { domains: [] },
  play: async ({ canvas, userEvent, step }) => {
    await step('The empty state', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No Domains added');
    });
    await step('Add domain sits next to it and opens the dialog', async () => {
      // The one Add domain control sits next to the message and opens the same dialog.
      await expect(canvas.getAllByRole('button', { name: 'Add domain' })).toHaveLength(1);
      await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: 'Add domain' }));
      await expect(await screen.findByRole('dialog', { name: 'Add domain' })).toBeVisible();
    });
  },
});

/** Locked funnel: no add, edit or delete, and the reason is said; the DNS records can still be read. */
export const Locked = meta.story(
  lockedTabStory(
    ['Add domain', 'Edit glowskin-offer.com', 'Delete spring.flexfit-bands.com'],
    'The funnel is locked: unlock it to add, edit or delete domains.',
    { enabled: ['DNS records of glowskin-offer.com'] },
  ),
);
