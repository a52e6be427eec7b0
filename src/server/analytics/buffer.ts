/**
 * Buffered inserts of analytics events: rows wait at most {@link FLUSH_MS} or until
 * {@link FLUSH_ROWS} are waiting, then go in one multi-row INSERT, so ingest costs one
 * statement per batch instead of one per event. A crash (kill -9, power) loses at most what
 * waits here — 100 ms or 500 events; a failed insert (database outage) drops its rows, counted
 * in {@link EventBuffer.dropped}: page views are not worth holding a visitor's request for.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { events } from '../db/schema.ts';

/** How long a row may wait (ms), and how many rows are flushed at once. */
export const FLUSH_MS = 100;
export const FLUSH_ROWS = 500;

/** One row of `events`. */
export type EventRow = typeof events.$inferInsert;

/** The buffer of one database. */
export class EventBuffer {
  private rows: EventRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  /** Rows a failed insert lost. */
  dropped = 0;
  /** Rows written. */
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown, rows: number) => void = () => {},
  ) {}

  /** Queues rows; they are written within {@link FLUSH_MS}. */
  push(rows: readonly EventRow[]): void {
    this.rows.push(...rows);
    if (this.rows.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what waits now, and waits for every insert under way. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.rows.length) {
      const batch = this.rows.splice(0, FLUSH_ROWS);
      const p = this.insert(batch);
      this.inFlight.add(p);
      void p.finally(() => this.inFlight.delete(p));
    }
    await Promise.all([...this.inFlight]);
  }

  private async insert(batch: EventRow[]): Promise<void> {
    try {
      // READ WRITE: the sites server's sessions default to read-only; it may write these rows only.
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read write`);
        await tx.insert(events).values(batch);
      });
      this.written += batch.length;
    } catch (err) {
      this.dropped += batch.length;
      this.onError(err, batch.length);
    }
  }
}
