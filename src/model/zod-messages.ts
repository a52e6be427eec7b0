/**
 * Plain messages for every zod issue that has no message of its own (human
 * messages everywhere): installed once with `z.config({ customError })` when the model is
 * imported, so the SPA's forms and the API's 422 answers say "Name is required", "Price must
 * be a number", "Countries must be a list", "Unknown field x" instead of zod's "Invalid
 * input: expected string, received undefined". A schema's own message (the seeds' words,
 * MSG/RMSG) always wins; a missing string field whose schema has a `.min(1, message)` gets
 * that message (so a missing name says 'Please input Funnel name' like an empty one).
 */
import { z } from 'zod';

/** Labels the UI gives fields whose key does not read well humanised. */
const LABELS: Record<string, string> = {
  cs_email: 'Support email',
  cs_phone: 'Support number',
  dl_offer_name: 'Offer name',
  template_host_url: 'Preview path',
  scrub_pct: 'Scrub percent',
};

/** `page_path` → "Page path", `funnel_id` → "Funnel ID", `GTM` stays; the last key of `path` names the field. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string');
  const key = keys[keys.length - 1];
  if (key === undefined) return 'The request body';
  const words = (LABELS[key] ?? key)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w, i) => (/^id$/i.test(w) ? 'ID' : /^url$/i.test(w) ? 'URL' : i === 0 || w === w.toUpperCase() ? w : w.toLowerCase()));
  const label = words.join(' ') || key;
  const entries = typeof path[path.length - 1] === 'number';
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}${entries ? ' entries' : ''}`;
}

type Issue = z.core.$ZodRawIssue;
interface Check {
  _zod?: { def?: { check?: string; minimum?: number; error?: (i: unknown) => unknown } };
}

/** The message of a string schema's `.min(1, message)`, if it has one (the seeds' "required" words). */
function requiredMessage(iss: Issue): string | undefined {
  const checks = (iss.inst as { _zod?: { def?: { checks?: Check[] } } } | undefined)?._zod?.def?.checks ?? [];
  const min = checks.find((c) => c._zod?.def?.check === 'min_length' && c._zod.def.minimum === 1)?._zod?.def?.error?.({});
  return typeof min === 'string' ? min : (min as { message?: string } | undefined)?.message;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  tuple: 'must be a list',
  object: 'must be an object',
  record: 'must be an object',
  date: 'must be a date',
};

/** The plain sentence for `iss` (zod 4 issue, path included). */
export function plainMessage(iss: Issue): string {
  const f = fieldLabel(iss.path ?? []);
  const n = (v: unknown) => String(v);
  if (iss.input === undefined && (iss.code === 'invalid_value' || iss.code === 'invalid_union')) return `${f} is required`;
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return requiredMessage(iss) ?? `${f} is required`;
      return `${f} ${TYPE_WORDS[iss.expected] ?? 'is not valid'}`;
    case 'too_small':
      if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? `${f} is required` : `${f} must be at least ${n(iss.minimum)} characters`;
      if (iss.origin === 'array' || iss.origin === 'set') return `${f} must have at least ${n(iss.minimum)} item${Number(iss.minimum) === 1 ? '' : 's'}`;
      return `${f} must be ${iss.inclusive === false ? 'more than' : 'at least'} ${n(iss.minimum)}`;
    case 'too_big':
      if (iss.origin === 'string') return `${f} must be at most ${n(iss.maximum)} characters`;
      if (iss.origin === 'array' || iss.origin === 'set') return `${f} must have at most ${n(iss.maximum)} items`;
      return `${f} must be ${iss.inclusive === false ? 'less than' : 'at most'} ${n(iss.maximum)}`;
    case 'invalid_format':
      return iss.format === 'email' ? `${f} format is not valid` : `${f} is not in the right format`;
    case 'invalid_value':
      return iss.values.length <= 8 ? `${f} must be one of ${iss.values.map(n).join(', ')}` : `${f} is not one of the allowed values`;
    case 'unrecognized_keys':
      return `Unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${f} must be a multiple of ${n(iss.divisor)}`;
    case 'invalid_key':
      return `${f} has a key that is not valid`;
    case 'invalid_element':
      return `${f} has an entry that is not valid`;
    default:
      return `${f} is not valid`;
  }
}

z.config({ customError: plainMessage });
