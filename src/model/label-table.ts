/**
 * A list of choices declared as one table of labels (funnel tabs, page panels, build steps).
 */

/**
 * The keys of a label table, in the order the table is written. A list of choices and what
 * each is called are then declared once, so the order, the names and the labels cannot drift
 * apart; the choice's type is `keyof typeof` the table.
 */
export function keysInOrder<K extends string>(labels: Readonly<Record<K, string>>): readonly K[] {
  const keys: K[] = [];
  for (const key in labels) keys.push(key);
  return keys;
}
