/**
 * Scrubs (seed sections 001 §3, §5, §9): a scrub rule (per affiliate or global), the scrub form
 * (affiliate id unless global, percent 0–100) and the create body.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { bool, funnelChildKeys, numberField, optionalText, refId, RMSG } from './fields';
import { MSG } from './messages';

/** A scrub rule (001 §3). `global` rules apply to every affiliate (no affiliate id). */
export const ScrubSchema = z
  .object({
    ...funnelChildKeys(),
    affiliate_id: z.string(),
    affiliate_name: z.string(),
    scrub_pct: z.number().int(),
    global: z.boolean(),
  })
  .meta({ id: 'Scrub' });
export type Scrub = z.infer<typeof ScrubSchema>;

const scrubFields = {
  affiliate_id: z
    .union([z.string(), z.number()], { error: RMSG.affiliateIdLength })
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim()))
    .pipe(z.string().regex(/^\d*$/, MSG.onlyNumbers).max(LIMITS.affiliateId, RMSG.affiliateIdLength)),
  affiliate_name: optionalText(255),
  scrub_pct: numberField(RMSG.scrubPct, RMSG.scrubPctRange, 0, 100, true),
  global: bool('global must be true or false').default(false),
};
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const affiliateUnlessGlobal = (s: { global: boolean; affiliate_id: string }) => s.global || s.affiliate_id !== '';

/** The scrub form (001 §5): affiliate id digits ≤ 4, required unless global ('Missing Affiliate ID'); percent required, 0–100. */
export const ScrubFormSchema = z.object(scrubFields).refine(affiliateUnlessGlobal, {
  message: MSG.affiliateId,
  path: ['affiliate_id'],
  // Checked even when the percent failed, so the form shows every message at once;
  // never on a body that is not an object or whose affiliate id / global already failed.
  when: (p) =>
    isPlainObject(p.value) && p.issues.every((i) => i.path !== undefined && i.path.length > 0 && i.path[0] !== 'affiliate_id' && i.path[0] !== 'global'),
});
export type ScrubForm = z.input<typeof ScrubFormSchema>;
/** `POST /api/v1/scrubs`: the form plus its funnel. */
export const ScrubBodySchema = z
  .object({ ...scrubFields, funnel_id: refId(RMSG.selectFunnel) })
  .refine(affiliateUnlessGlobal, { message: MSG.affiliateId, path: ['affiliate_id'] });

/** A valid scrub form as the schema outputs it (affiliate id digits, percent a number). */
export type ScrubFormValues = z.output<typeof ScrubFormSchema>;
