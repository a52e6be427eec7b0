/**
 * Uploads (seed sections 000 §8; 001 §5): the CSV upload limits and a bad row's report. The
 * row schemas are with their resources: `CampaignFulfillmentRowSchema` in `campaigns.ts`,
 * `ProductCsvRowSchema` in `catalog.ts`.
 */
import { z } from 'zod';

/** Largest CSV accepted (bytes) and its row cap. */
export const CSV_LIMITS = { maxBytes: 1024 * 1024, maxRows: 5000 } as const;

/** One bad CSV row: its line in the file (1 = header) and the first issue's message. */
export interface CsvRowError {
  line: number;
  message: string;
}

const CsvFailureBody = z.object({
  reason: z.string().optional(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
});

/**
 * Why a CSV upload was refused, as the server's failure body says it (`reason` and every bad
 * row `{line, message}`, src/server/routes/csv.ts): for the upload dialog to list them.
 * Anything else (a network failure, another shape): no reason and no rows.
 */
export function csvUploadProblems(e: unknown): { reason: string | null; errors: CsvRowError[] } {
  const body = e && typeof e === 'object' && 'body' in e ? e.body : null;
  const r = CsvFailureBody.safeParse(body);
  return r.success ? { reason: r.data.reason ?? null, errors: r.data.errors ?? [] } : { reason: null, errors: [] };
}
