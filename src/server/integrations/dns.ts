/**
 * The DNS provider behind `cloud_flare/domains/...` (000 §7 "DNS (through a DNS provider)"):
 * a small interface with Cloudflare's semantics, and the local implementation that keeps
 * zones and records in the database (src/server/README.md, integrations).
 * Records are always ttl 1 ("automatic", 001 §9); types A, CNAME, MX, TXT (000 §9).
 */
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { DNS_RECORD_TYPES, DNS_TTL } from '../../model/constants.ts';
import type { DnsRecord } from '../../model/domains.ts';
import { oneRow, type Db, type Tx } from '../db/index.ts';
import { dnsRecords, dnsZones } from '../db/schema.ts';
import type { ProviderHealth } from './http-retry.ts';

/** A zone at the provider. */
export interface DnsZone {
  id: string;
  name: string;
  under_attack: boolean;
  name_servers: string[];
}

/** What a record write carries; `name` may be relative ('www', '@') or the full name. */
export interface DnsRecordInput {
  type: (typeof DNS_RECORD_TYPES)[number];
  name: string;
  content: string;
  proxied: boolean;
  priority?: number | null;
}

/**
 * Several record changes of one zone applied together, in Cloudflare's batch order: deletes,
 * then puts (a record's fields replaced, same id), then posts (new records). All or nothing.
 */
export interface DnsBatch {
  /** IDs of records to delete. */
  deletes?: string[];
  /** Records to overwrite, by id. */
  puts?: (DnsRecordInput & { id: string })[];
  /** Records to create (ttl 1). */
  posts?: DnsRecordInput[];
}

/** What a batch did: the deleted IDs, and the records as written. */
export interface DnsBatchResult {
  deletes: string[];
  puts: DnsRecord[];
  posts: DnsRecord[];
}

/**
 * The message of a batch refused because of one record: the record named, then the
 * provider's reason, e.g. "DNS record shop.example.com (A): An identical record already exists."
 */
export const batchRecordMessage = (name: string, type: string, reason: string) => `DNS record ${name} (${type}): ${reason}`;

/** A refused provider call: `not_found` (404), `conflict` (409) or `invalid` (422). */
export class DnsError extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'DnsError';
  }
}

/** The DNS provider interface; a Cloudflare client implements the same calls. */
export interface DnsProvider {
  readonly kind: string;
  /** Creates a zone. @throws DnsError conflict when a zone of that name exists. */
  createZone(name: string): Promise<DnsZone>;
  /** A zone by id, or null. */
  getZone(id: string): Promise<DnsZone | null>;
  /** A zone by name, or null. */
  findZone(name: string): Promise<DnsZone | null>;
  /** Deletes a zone with its records. @throws DnsError not_found. */
  deleteZone(id: string): Promise<void>;
  /** Turns the zone's "under attack" mode on or off. @throws DnsError not_found. */
  setUnderAttack(id: string, on: boolean): Promise<DnsZone>;
  /** The zone's records by name then type. @throws DnsError not_found. */
  listRecords(zoneId: string): Promise<DnsRecord[]>;
  /** Creates a record (ttl 1). @throws DnsError not_found (zone), conflict (identical or CNAME clash), invalid. */
  createRecord(zoneId: string, rec: DnsRecordInput): Promise<DnsRecord>;
  /** Replaces a record's fields. @throws DnsError not_found, conflict, invalid. */
  updateRecord(zoneId: string, id: string, rec: DnsRecordInput): Promise<DnsRecord>;
  /** Deletes a record. @throws DnsError not_found. */
  deleteRecord(zoneId: string, id: string): Promise<void>;
  /**
   * Applies a {@link DnsBatch} as one transaction (the seed's "patch sends only changed
   * records", 000 §7): either every change is made or none is.
   * @throws DnsError naming the record that was refused ({@link batchRecordMessage}; an unknown id: "DNS record <id> not found").
   */
  batchRecords(zoneId: string, batch: DnsBatch): Promise<DnsBatchResult>;
  /** Optional: last error, pause and rate-limit headroom (providers that call out; Status screen). */
  health?(): ProviderHealth;
}

/** Cloudflare-style 32-hex id. */
export const newDnsId = () => crypto.randomBytes(16).toString('hex');

/** The full record name for `name` in `zone` ('@' is the apex; names outside the zone get the zone appended). */
export function fullRecordName(name: string, zone: string): string {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (n === '@' || n === '') return zone;
  return n === zone || n.endsWith(`.${zone}`) ? n : `${n}.${zone}`;
}

type RecordRow = typeof dnsRecords.$inferSelect;

/** The local DNS provider: zones and records in `dns_zones` / `dns_records`. */
export class LocalDnsProvider implements DnsProvider {
  readonly kind = 'local';
  constructor(private readonly db: Db) {}

  private zoneOut(z: typeof dnsZones.$inferSelect): DnsZone {
    const label = z.id.slice(0, 4);
    return { id: z.id, name: z.name, under_attack: z.under_attack, name_servers: [`ns1-${label}.dns.local`, `ns2-${label}.dns.local`] };
  }

  private recordOut(r: RecordRow, zoneName: string): DnsRecord {
    return {
      id: r.id,
      type: r.type as DnsRecord['type'],
      name: r.name,
      content: r.content,
      proxied: r.proxied,
      ttl: DNS_TTL,
      priority: r.priority,
      zone_id: r.zone_id,
      zone_name: zoneName,
    };
  }

  private async zone(id: string, q: Db | Tx = this.db): Promise<typeof dnsZones.$inferSelect> {
    const [z] = await q.select().from(dnsZones).where(eq(dnsZones.id, id));
    if (!z) throw new DnsError('not_found', 'Zone not found');
    return z;
  }

  async createZone(name: string): Promise<DnsZone> {
    const n = name.trim().toLowerCase();
    const [row] = await this.db.insert(dnsZones).values({ id: newDnsId(), name: n }).onConflictDoNothing().returning();
    if (!row) throw new DnsError('conflict', `Zone ${n} already exists`);
    return this.zoneOut(row);
  }

  async getZone(id: string): Promise<DnsZone | null> {
    const [z] = await this.db.select().from(dnsZones).where(eq(dnsZones.id, id));
    return z ? this.zoneOut(z) : null;
  }

  async findZone(name: string): Promise<DnsZone | null> {
    const [z] = await this.db.select().from(dnsZones).where(eq(dnsZones.name, name.trim().toLowerCase()));
    return z ? this.zoneOut(z) : null;
  }

  async deleteZone(id: string): Promise<void> {
    const gone = await this.db.delete(dnsZones).where(eq(dnsZones.id, id)).returning({ id: dnsZones.id });
    if (!gone.length) throw new DnsError('not_found', 'Zone not found');
  }

  async setUnderAttack(id: string, on: boolean): Promise<DnsZone> {
    const [z] = await this.db.update(dnsZones).set({ under_attack: on }).where(eq(dnsZones.id, id)).returning();
    if (!z) throw new DnsError('not_found', 'Zone not found');
    return this.zoneOut(z);
  }

  async listRecords(zoneId: string): Promise<DnsRecord[]> {
    const z = await this.zone(zoneId);
    const rows = await this.db
      .select()
      .from(dnsRecords)
      .where(eq(dnsRecords.zone_id, zoneId))
      .orderBy(asc(dnsRecords.name), asc(dnsRecords.type), asc(dnsRecords.CreatedAt), asc(dnsRecords.id));
    return rows.map((r) => this.recordOut(r, z.name));
  }

  /** Normalises and checks a record against the zone's others (Cloudflare's rules). */
  private async prepare(zoneId: string, rec: DnsRecordInput, exceptId: string | null, q: Db | Tx = this.db) {
    const z = await this.zone(zoneId, q);
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(rec.type)) throw new DnsError('invalid', `Unsupported record type ${rec.type}`);
    const name = fullRecordName(rec.name, z.name);
    if (name.length > 253) throw new DnsError('invalid', 'Record name is too long');
    if (rec.proxied && (rec.type === 'MX' || rec.type === 'TXT')) throw new DnsError('invalid', `${rec.type} records cannot be proxied`);
    const others = (
      await q
        .select()
        .from(dnsRecords)
        .where(and(eq(dnsRecords.zone_id, zoneId), eq(dnsRecords.name, name)))
    ).filter((r) => r.id !== exceptId);
    if (others.some((r) => r.type === rec.type && r.content === rec.content)) throw new DnsError('conflict', 'An identical record already exists.');
    if (rec.type === 'CNAME' && others.length) throw new DnsError('conflict', `A record with the host ${name} already exists.`);
    if (others.some((r) => r.type === 'CNAME')) throw new DnsError('conflict', `A CNAME record with the host ${name} already exists.`);
    return {
      z,
      values: { type: rec.type, name, content: rec.content, proxied: rec.proxied, ttl: DNS_TTL, priority: rec.type === 'MX' ? (rec.priority ?? 10) : null },
    };
  }

  async createRecord(zoneId: string, rec: DnsRecordInput): Promise<DnsRecord> {
    const { z, values } = await this.prepare(zoneId, rec, null);
    const row = oneRow(
      await this.db
        .insert(dnsRecords)
        .values({ id: newDnsId(), zone_id: zoneId, ...values })
        .returning(),
      'the DNS record insert',
    );
    return this.recordOut(row, z.name);
  }

  async updateRecord(zoneId: string, id: string, rec: DnsRecordInput): Promise<DnsRecord> {
    const [cur] = await this.db
      .select({ id: dnsRecords.id })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zone_id, zoneId), eq(dnsRecords.id, id)));
    if (!cur) throw new DnsError('not_found', `DNS record ${id} not found`);
    const { z, values } = await this.prepare(zoneId, rec, id);
    const row = oneRow(await this.db.update(dnsRecords).set(values).where(eq(dnsRecords.id, id)).returning(), 'the DNS record update');
    return this.recordOut(row, z.name);
  }

  async deleteRecord(zoneId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(dnsRecords)
      .where(and(eq(dnsRecords.zone_id, zoneId), eq(dnsRecords.id, id)))
      .returning({ id: dnsRecords.id });
    if (!gone.length) throw new DnsError('not_found', `DNS record ${id} not found`);
  }

  /** One database transaction: a refused record rolls every change back. */
  async batchRecords(zoneId: string, batch: DnsBatch): Promise<DnsBatchResult> {
    return this.db.transaction(async (tx) => {
      const z = await this.zone(zoneId, tx);
      const named = async <T>(rec: DnsRecordInput, run: () => Promise<T>): Promise<T> => {
        try {
          return await run();
        } catch (e) {
          if (e instanceof DnsError && e.kind !== 'not_found')
            throw new DnsError(e.kind, batchRecordMessage(fullRecordName(rec.name, z.name), rec.type, e.message));
          throw e;
        }
      };
      const out: DnsBatchResult = { deletes: [], puts: [], posts: [] };
      for (const id of batch.deletes ?? []) {
        const gone = await tx
          .delete(dnsRecords)
          .where(and(eq(dnsRecords.zone_id, zoneId), eq(dnsRecords.id, id)))
          .returning({ id: dnsRecords.id });
        if (!gone.length) throw new DnsError('not_found', `DNS record ${id} not found`);
        out.deletes.push(id);
      }
      for (const { id, ...rec } of batch.puts ?? []) {
        const [cur] = await tx
          .select({ id: dnsRecords.id })
          .from(dnsRecords)
          .where(and(eq(dnsRecords.zone_id, zoneId), eq(dnsRecords.id, id)));
        if (!cur) throw new DnsError('not_found', `DNS record ${id} not found`);
        const row = await named(rec, async () => {
          const { values } = await this.prepare(zoneId, rec, id, tx);
          return oneRow(await tx.update(dnsRecords).set(values).where(eq(dnsRecords.id, id)).returning(), 'the DNS record update');
        });
        out.puts.push(this.recordOut(row, z.name));
      }
      for (const rec of batch.posts ?? []) {
        const row = await named(rec, async () => {
          const { values } = await this.prepare(zoneId, rec, null, tx);
          return oneRow(
            await tx
              .insert(dnsRecords)
              .values({ id: newDnsId(), zone_id: zoneId, ...values })
              .returning(),
            'the DNS record insert',
          );
        });
        out.posts.push(this.recordOut(row, z.name));
      }
      return out;
    });
  }
}
