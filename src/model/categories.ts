/**
 * Categories (seed sections 000 §3, §5; 001 §3, §5): the category as stored, its create/edit
 * form (name, sticky id, the order-platform event ids) and the import by sticky id.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { digitsId, optionalDigitsId, optionalText, requiredText, RMSG } from './fields';
import { MSG } from './messages';

const eventId = optionalDigitsId(LIMITS.eventId, RMSG.eventId);

/** A category as stored (000 §3; 001 §3 adds description). */
export const CategorySchema = z
  .object({
    ID: z.number().int(),
    name: z.string(),
    sticky_id: z.number().int(),
    description: z.string(),
    event_shipping: z.number().int().nullable(),
    event_order: z.number().int().nullable(),
    event_refund: z.number().int().nullable(),
    event_void: z.number().int().nullable(),
    event_rma: z.number().int().nullable(),
    event_return: z.number().int().nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

/** The category create/edit form (000 §5): name required, sticky_id digits ≤ 5, event ids optional digits ≤ 5. */
export const CategoryFormSchema = z.object({
  name: requiredText(MSG.categoryName, 255),
  sticky_id: digitsId(LIMITS.stickyId, RMSG.stickyId, RMSG.stickyIdLength),
  description: optionalText(2000),
  // Described one by one: the six share one schema, and a description belongs to a schema.
  event_shipping: eventId.describe('Order-platform event ID sent on shipping'),
  event_order: eventId.describe('Order-platform event ID sent on an order'),
  event_refund: eventId.describe('Order-platform event ID sent on a refund'),
  event_void: eventId.describe('Order-platform event ID sent on a void'),
  event_rma: eventId.describe('Order-platform event ID sent on an RMA'),
  event_return: eventId.describe('Order-platform event ID sent on a return'),
});
export type CategoryForm = z.input<typeof CategoryFormSchema>;

/** The "Category sticky id" form (000 §2): imports a category of the platform by its sticky id. */
export const CategoryImportSchema = z.object({ sticky_id: digitsId(LIMITS.stickyId, RMSG.stickyId, RMSG.stickyIdLength) });
