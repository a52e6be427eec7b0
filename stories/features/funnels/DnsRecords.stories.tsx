import preview from '../../../.storybook/preview';
import { expect, fn, waitFor, within } from 'storybook/test';
import { DnsRecords } from '../../../src/ui/catalog/DnsRecords';
import type { DnsRecord, Domain } from '../../../src/model';
import { DEMO_DNS_RECORDS, DEMO_DOMAINS, DEMO_GLOWSKIN_DNS_RECORDS } from '../../../src/model/demo-records';
import { expectNoDialog, openConfirm, openDialog, pressIn, retype, saveAndClose, saveExpecting, stepValue, typeFields } from '../../dialog-steps';
import { resolvingSpies } from '../../spies';

/** The demo zone of glowskin-offer.com (000 §3 DNS record; 001 §9 ttl 1). */
const records: DnsRecord[] = [...DEMO_GLOWSKIN_DNS_RECORDS];
const domain: Domain = DEMO_DOMAINS[0];

const meta = preview.meta({
  title: 'Funnels/DnsRecords',
  component: DnsRecords,
  args: {
    domain,
    records,
    ...resolvingSpies('onCreate', 'onSave', 'onDelete', 'onSync'),
    onClose: fn(),
  },
});

/**
 * Several records edited at once; Save sends ONLY the changed ones (000 §7 patch): a record
 * changed and changed back is not sent, nor are the untouched ones.
 */
export const EditSeveral = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const save = canvas.getByRole('button', { name: 'Save changes' });
    await step('Every record has ttl 1 (auto); nothing to save', async () => {
      const table = canvas.getByRole('table', { name: 'DNS records of glowskin-offer.com' });
      await expect(within(table).getAllByText('1 (auto)')).toHaveLength(4);
      await expect(save).toBeDisabled();
      await expect(canvas.getByText('No changes to save')).toBeVisible();
    });
    await step('Edit three records, change a fourth and back', async () => {
      const a = canvas.getByLabelText('Content of record 1');
      await retype(userEvent, a, '203.0.113.11');
      await userEvent.click(canvas.getByLabelText('Proxied, record 4'));
      const mx = canvas.getByLabelText('Priority of record 2');
      await retype(userEvent, mx, '20');
      // Changed and changed back: not a change.
      const txt = canvas.getByLabelText('Content of record 3');
      await userEvent.type(txt, 'x');
      await userEvent.type(txt, '{Backspace}');
      await expect(canvas.getByRole('status')).toHaveTextContent('3 records changed: Save sends only them');
    });
    await step('Save sends only the three changed records', async () => {
      await userEvent.click(save);
      await waitFor(() => expect(args.onSave).toHaveBeenCalledTimes(1));
      const [zone, sent] = (args.onSave as ReturnType<typeof fn>).mock.calls[0] as [string, { id: string }[]];
      await expect(zone).toBe(domain.zone_id);
      await expect(sent).toEqual([
        { id: records[0]!.id, type: 'A', name: 'glowskin-offer.com', content: '203.0.113.11', proxied: true },
        { id: records[1]!.id, type: 'MX', name: 'glowskin-offer.com', content: 'mail.glowskin-offer.com', proxied: false, priority: 20 },
        { id: records[3]!.id, type: 'CNAME', name: 'www.glowskin-offer.com', content: 'glowskin-offer.com', proxied: false },
      ]);
    });
  },
});

/** A changed record is checked with the record rules before anything is sent; Discard puts the records back. */
export const InvalidEdit = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('A bad address, a proxied TXT and no name: Save shows the messages, sends nothing', async () => {
      const a = canvas.getByLabelText('Content of record 1');
      await retype(userEvent, a, '999.1.1.1');
      await userEvent.click(canvas.getByLabelText('Proxied, record 3'));
      const name = canvas.getByLabelText('Name of record 4');
      await userEvent.clear(name);
      await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
      await expect(await canvas.findByText('An A record points to an IPv4 address')).toBeVisible();
      await expect(canvas.getByText('TXT records cannot be proxied')).toBeVisible();
      await expect(canvas.getByText('Please input the record name')).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Discard puts the records back', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Discard changes' }));
      await expect(canvas.getByLabelText('Content of record 1')).toHaveValue('203.0.113.10');
      await expect(canvas.queryByText('An A record points to an IPv4 address')).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    });
  },
});

/** Add a record: the seed's required fields and type rules first, then an A record (ttl 1). */
export const AddRecord = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Open Add record: ttl 1 (automatic)', async () => {
      dialog = await openDialog(canvas, userEvent, 'Add record', 'Add DNS record to glowskin-offer.com');
      await expect(within(dialog).getByText('TTL: 1 (automatic)')).toBeVisible();
    });
    await step("Save empty: the required fields' messages", async () => {
      await saveExpecting(userEvent, dialog, ['Please select a record type', 'Please input the record name', 'Please input the record content']);
    });
    await step('Save a proxied TXT record: refused', async () => {
      await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'TXT');
      await typeFields(userEvent, dialog, { Name: '@', Content: 'hello' });
      await userEvent.click(within(dialog).getByLabelText('Proxied (A and CNAME records only)'));
      await saveExpecting(userEvent, dialog, ['TXT records cannot be proxied']);
    });
    await step('Save an A record with text as its address: refused', async () => {
      await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'A');
      await retype(userEvent, within(dialog).getByLabelText('Name'), 'shop');
      await saveExpecting(userEvent, dialog, ['An A record points to an IPv4 address']);
    });
    await step('Save with an IPv4 address: created, the dialog closes', async () => {
      await retype(userEvent, within(dialog).getByLabelText('Content'), '203.0.113.7');
      await saveAndClose(userEvent, dialog, () =>
        expect(args.onCreate).toHaveBeenCalledWith({ type: 'A', name: 'shop', content: '203.0.113.7', proxied: true }),
      );
    });
  },
});

/** An MX record has a priority; a refusal of the server stays in the dialog. */
export const AddRecordRefused = meta.story({
  args: { onCreate: fn(() => Promise.reject(new Error('An identical record already exists.'))) },
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    await step('Fill in an MX record with a priority', async () => {
      dialog = await openDialog(canvas, userEvent, 'Add record', 'Add DNS record to glowskin-offer.com');
      await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'MX');
      await typeFields(userEvent, dialog, { Name: '@', Content: 'mail.glowskin-offer.com', Priority: '5' });
    });
    await step("Save: the server's refusal stays in the dialog", async () => {
      await pressIn(userEvent, dialog);
      await waitFor(() =>
        expect(args.onCreate).toHaveBeenCalledWith({ type: 'MX', name: '@', content: 'mail.glowskin-offer.com', proxied: false, priority: 5 }),
      );
      await expect(await within(dialog).findByRole('alert')).toHaveTextContent('An identical record already exists.');
    });
  },
});

/** Delete asks first, naming the record. */
export const DeleteRecord = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const confirm = await stepValue(step, 'Delete asks first, naming the record', () =>
      openConfirm(
        canvas,
        userEvent,
        'Delete record 4: CNAME www.glowskin-offer.com',
        'Delete DNS record',
        'Are you sure you want to delete the CNAME record www.glowskin-offer.com?',
      ),
    );
    await step('Confirm: the record is deleted', async () => {
      await pressIn(userEvent, confirm, 'Delete');
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(records[3]));
      await expectNoDialog('alertdialog');
    });
  },
});

/** A subdomain's records: a name typed relative to the subdomain is sent in full. */
export const Subdomain = meta.story({
  args: {
    domain: DEMO_DOMAINS[2],
    records: [DEMO_DNS_RECORDS[5]],
  },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Rename the record to www', async () => {
      const name = canvas.getByLabelText('Name of record 1');
      await retype(userEvent, name, 'www');
    });
    await step('Save sends the name in full', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(args.onSave).toHaveBeenCalledWith('1a2b3c4d5e6f708192a3b4c5d6e7f809', [
          expect.objectContaining({ type: 'CNAME', name: 'www.sommer.flexfit-bands.com', content: 'flexfit-bands.com', proxied: true }),
        ]),
      );
    });
  },
});

/** No records yet. */
export const Empty = meta.story({
  args: { records: [] },
  play: async ({ canvas, step }) => {
    await step('No DNS records; Add record is offered', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No DNS records added');
      await expect(canvas.getByRole('button', { name: 'Add record' })).toBeEnabled();
    });
  },
});

/** A domain not in DNS yet offers to set it up (`?sync=true`). */
export const NotInDns = meta.story({
  args: { domain: { ...domain, ID: 4, name: 'purebrite-smile.com', sync: false, zone_id: null }, records: undefined },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Set up in DNS', async () => {
      await expect(canvas.getByText('purebrite-smile.com is not set up in DNS yet.')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Set up in DNS' }));
      await waitFor(() => expect(args.onSync).toHaveBeenCalledTimes(1));
    });
    await step('Close the DNS records', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close DNS records of purebrite-smile.com' }));
      await expect(args.onClose).toHaveBeenCalledTimes(1);
    });
  },
});

/** Locked funnel: the records can be read, not changed; the reason is said. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvas, step }) => {
    await step('The reason is said; every control is read-only', async () => {
      await expect(canvas.getByText('The funnel is locked: unlock it to add, edit or delete DNS records.')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Add record' })).toBeDisabled();
      await expect(canvas.getByLabelText('Content of record 1')).toHaveAttribute('readonly');
      await expect(canvas.getByLabelText('Type of record 1')).toBeDisabled();
      await expect(canvas.getByLabelText('Proxied, record 1')).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Delete record 1: A glowskin-offer.com' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    });
  },
});
