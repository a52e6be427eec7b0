/**
 * The message scan's judge ("Human messages everywhere"): what makes a 4xx `message` raw
 * validator output or a leak rather than a plain sentence — the seeds' words or one naming the
 * field. tests/api/bad-input.test.ts checks every distinct message its generated requests get;
 * tests/api/messages.test.ts proves the patterns tell the two apart.
 */

/**
 * What makes a message raw validator output or a leak, each with its name. A message that
 * matches any is refused by the scan.
 */
export const RAW_MESSAGE_PATTERNS: [name: string, re: RegExp][] = [
  ['zod "Invalid input"', /invalid input/i],
  ['zod "expected"', /\bexpected\b/i],
  ['zod "received"', /\breceived\b/i],
  ['zod "Required"', /\bRequired\b/],
  ['zod "Unrecognized"', /unrecognized/i],
  [
    'zod issue code',
    /\b(invalid_type|too_small|too_big|invalid_union|invalid_enum_value|invalid_format|invalid_value|unrecognized_keys|invalid_key|invalid_element|not_multiple_of)\b/,
  ],
  ['regex pattern', /must match pattern|\/\^|\$\//],
  ['JSON path with index', /\w\[\d+\]/],
  ['dotted path', /\b[a-z_]\w*\.(?:[a-z_]\w*\.)*\d+\b|\b[a-z]+_[a-z_]+\.[a-z_]+\b/],
  ['JSON pointer', /(?:^|[\s'"(:])\/[A-Za-z_]\w*(?:\/[\w~-]+)+/],
  ['type word first', /^(string|number|undefined|boolean|object|array|null|bigint|nan|int)\b/],
  ['file path', /\/work\/|node_modules|\.tsx?:\d|\.tsx?\b|\bat \S+ \(|file:\/\//],
  ['database internals', /_pkey|_fkey|\bconstraint\b|\brelation "|SQLSTATE|\bviolates\b|drizzle|pglite/i],
  // A sentence starts with a word people say, capitalised; a wire key first ("archived must be…", "funnel_id, version…") is raw.
  ['raw key first', /^[a-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*(?:, [A-Za-z_0-9]+)*,? (?:must|is|are|cannot|may|should)\b/],
  ['JS internals', /\bundefined\b|\[object Object\]|\bNaN\b|TypeError|SyntaxError|Unexpected token|at position \d/],
];

/** The names of the patterns `message` matches (none: a human message). */
export function rawReasons(message: string): string[] {
  return RAW_MESSAGE_PATTERNS.filter(([, re]) => re.test(message)).map(([name]) => name);
}
