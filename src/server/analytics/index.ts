/**
 * The analytics of one database in a process (src/server/README.md "Analytics"): the event
 * buffer and `POST /e` ingest the site serving mounts, and the upkeep job the admin starts.
 * One per database, made on first use, so the admin's site serving and its analytics route
 * share the buffer. Settings are read from the process's environment (settings.ts).
 */
import type { Context } from 'hono';
import type { Db } from '../db/index.ts';
import { EventBuffer } from './buffer.ts';
import { EventIngest } from './ingest.ts';
import { LIVE_ROLLUP_MS, maintain, maintainLive, MAINTENANCE_MS } from './maintenance.ts';
import { analyticsSettingsFromEnv, type AnalyticsSettings } from './settings.ts';

/** The analytics of one database. */
export interface Analytics {
  settings: AnalyticsSettings;
  buffer: EventBuffer;
  ingest: EventIngest;
  /** Starts the upkeep (partitions, retention, rollups) now and every 15 minutes, and today's rollup every minute; idempotent. Admin process only. */
  startMaintenance(): void;
}

const all = new WeakMap<Db, Analytics>();

/** `db`'s analytics, made on first call. `behindProxy`: the client address is the last X-Forwarded-For hop. */
export function analyticsOf(db: Db, opts: { behindProxy: boolean }): Analytics {
  const kept = all.get(db);
  if (kept) return kept;
  const settings = analyticsSettingsFromEnv(process.env);
  const buffer = new EventBuffer(db);
  const ingest = new EventIngest(db, buffer, { perMinute: settings.ingestPerMinute, behindProxy: opts.behindProxy });
  let timers: NodeJS.Timeout[] | null = null;
  // A failed run (database away) is simply the next run's work.
  const run = () => void maintain(db, settings.retentionDays).catch(() => {});
  const runLive = () => void maintainLive(db).catch(() => {});
  const a: Analytics = {
    settings,
    buffer,
    ingest,
    startMaintenance() {
      if (timers) return;
      timers = [setInterval(run, MAINTENANCE_MS), setInterval(runLive, LIVE_ROLLUP_MS)];
      for (const t of timers) t.unref();
      run();
    },
  };
  all.set(db, a);
  return a;
}

/**
 * Writes what `db`'s event buffer still holds, before a stop closes the database (nothing when no
 * event came). A failed write is dropped as the buffer's own flushes drop it.
 */
export async function flushAnalytics(db: Db): Promise<void> {
  await all.get(db)?.buffer.flush();
}

/** The handler of `POST /e` on a site whose name `siteOf` reads from the request. */
export function eventHandler(analytics: () => Analytics, siteOf: (c: Context) => string) {
  return (c: Context) => analytics().ingest.handle(c, siteOf(c));
}
