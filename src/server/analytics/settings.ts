/** The analytics settings (README "Configuration"): how long raw events are kept, and the ingest limit per client address. */

/** What the analytics read from the environment. */
export interface AnalyticsSettings {
  /** ANALYTICS_RETENTION_DAYS: raw events older than this many days are dropped (rollups stay). */
  retentionDays: number;
  /** ANALYTICS_INGEST_PER_MINUTE: `POST /e` requests one client address may make per minute in a process; 0: no limit. */
  ingestPerMinute: number;
}

/** Defaults of {@link AnalyticsSettings}. */
export const ANALYTICS_DEFAULTS: AnalyticsSettings = { retentionDays: 400, ingestPerMinute: 1200 };

const whole = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${name} "${raw}" must be a whole number from ${min} to ${max}`);
  return n;
};

/** The settings from `env`. @throws Error naming the variable when one is not a whole number in its range. */
export function analyticsSettingsFromEnv(env: NodeJS.ProcessEnv): AnalyticsSettings {
  return {
    retentionDays: whole(env, 'ANALYTICS_RETENTION_DAYS', ANALYTICS_DEFAULTS.retentionDays, 1, 36_500),
    ingestPerMinute: whole(env, 'ANALYTICS_INGEST_PER_MINUTE', ANALYTICS_DEFAULTS.ingestPerMinute, 0, 1_000_000),
  };
}
