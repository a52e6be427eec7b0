/**
 * Uploads (seed sections 000 §8; 001 §5): the CSV upload limits and a bad row's report. The
 * row schemas are with their resources: `CampaignFulfillmentRowSchema` in `campaigns.ts`,
 * `ProductCsvRowSchema` in `catalog.ts`.
 */


/** Largest CSV accepted (bytes) and its row cap. */
export const CSV_LIMITS = { maxBytes: 1024 * 1024, maxRows: 5000 } as const;

/** One bad CSV row: its line in the file (1 = header) and the first issue's message. */
export interface CsvRowError {
  line: number;
  message: string;
}
