/**
 * How people call a list item (a package, a page, a review, a FAQ entry, a country): shared by
 * time travel, the revert dialog and the conflict question, so an item is called the same
 * everywhere. Apart from the audit replay so that naming a value does not load the replay.
 */

/** Members that name a list item for people, in order of preference (packages, pages, reviews, FAQ, countries, …). */
const NAME_KEYS = ['_package_name', 'name', 'data_name', 'user', 'boldText', 'faq_question', 'country', 'ID'] as const;

/**
 * A list item's name for people: its first non-blank naming member ({@link NAME_KEYS}), or
 * undefined when it has none (or is not an object).
 */
export function namedItem(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const named = NAME_KEYS.map((k) => (item as Record<string, unknown>)[k]).find((v) => typeof v === 'string' && v.trim());
  return typeof named === 'string' ? named : undefined;
}
