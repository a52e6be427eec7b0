/** The categories the Categories stories start from (as the demo seed has them; 000 §3 Category). */
import type { Category } from '../../../src/model';

/** A category's six Sticky event ids, none set. */
export const NO_EVENTS: Pick<Category, 'event_shipping' | 'event_order' | 'event_refund' | 'event_void' | 'event_rma' | 'event_return'> = {
  event_shipping: null,
  event_order: null,
  event_refund: null,
  event_void: null,
  event_rma: null,
  event_return: null,
};

export const storyCategories: Category[] = [
  {
    ID: 1,
    name: 'Skin Care',
    sticky_id: 102,
    description: 'Serums, creams and gels',
    ...NO_EVENTS,
    event_order: 7001,
    event_refund: 7002,
  },
  {
    ID: 3,
    name: 'Sports & Fitness',
    sticky_id: 103,
    description: 'Bands and accessories',
    ...NO_EVENTS,
  },
  {
    ID: 2,
    name: 'Teeth Whitening',
    sticky_id: 104,
    description: 'Kits, gels and toothpaste',
    ...NO_EVENTS,
    event_shipping: 7101,
  },
];

/** `n` more categories (IDs from 101, names "… Category 001", sticky ids from 5001), for the paged list. */
export const manyCategories = (n: number): Category[] =>
  Array.from({ length: n }, (_, i) => ({
    ID: 101 + i,
    name: `${['Aurora', 'Blossom', 'Cedar', 'Dune'][i % 4]} Category ${String(i + 1).padStart(3, '0')}`,
    sticky_id: 5001 + i,
    description: `Category number ${i + 1}`,
    ...NO_EVENTS,
  }));
