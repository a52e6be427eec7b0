/**
 * Blockers (seed sections 000 §3 Block form; 001 §3): a funnel's blocked-user / order-decline
 * rule, its form (an IP, a country, an e-mail or a phone, at least one) and the create body.
 */
import { z } from 'zod';
import { funnelChildKeys, isIp, numberField, optionalText, refId, RMSG } from './fields';
import { MSG } from './messages';

/** A blocked user / order-decline rule of a funnel (001 §3). */
export const BlockerSchema = z
  .object({
    ...funnelChildKeys(),
    user_ip: z.string(),
    user_country: z.string(),
    user_email: z.string(),
    user_phone: z.string(),
    order_decline_limit: z.number().int().nullable(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'Blocker' });
export type Blocker = z.infer<typeof BlockerSchema>;

const blockerFields = {
  user_ip: optionalText(45).refine((s) => s === '' || isIp(s), RMSG.ip),
  user_country: optionalText(10).refine((s) => s === '' || /^[A-Z]{2}$/.test(s), RMSG.country),
  user_email: optionalText(254).refine((s) => s === '' || z.email().safeParse(s).success, MSG.email),
  user_phone: optionalText(20).refine((s) => s === '' || /^[0-9 +()-]{3,20}$/.test(s), RMSG.phone),
  order_decline_limit: numberField(RMSG.declineLimit, RMSG.declineLimit, 0, 1000, true)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};
const notEmptyBlocker = (b: { user_ip: string; user_country: string; user_email: string; user_phone: string }) =>
  Boolean(b.user_ip || b.user_country || b.user_email || b.user_phone);

/** The Blocked-user / order-decline form (000 §2, §5): user_ip must be an IP; at least one criterion. */
export const BlockerFormSchema = z.object(blockerFields).refine(notEmptyBlocker, { message: RMSG.blockerEmpty, path: ['user_ip'] });
export type BlockerForm = z.input<typeof BlockerFormSchema>;
/** `POST /api/v1/blockers`: the form plus its funnel. */
export const BlockerBodySchema = z
  .object({ ...blockerFields, funnel_id: refId(RMSG.selectFunnel) })
  .refine(notEmptyBlocker, { message: RMSG.blockerEmpty, path: ['user_ip'] });
