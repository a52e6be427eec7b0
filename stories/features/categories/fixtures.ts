/** The categories the Categories stories start from (as the demo seed has them; 000 §3 Category). */
import type { Category } from '../../../src/model';
import { NO_EVENTS } from '../../../tests/fixtures/demo';

/** The empty event ids the stories spread into a category (kept with the demo fixtures, which the unit tests share). */
export { NO_EVENTS };

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
