import { z } from 'zod';
import { CHANNEL_CODES } from '../channels.js';
import { withMeta } from './define.js';

/**
 * `setting_media_server.flavors`: which recording files are ingested into Opencast as which flavor, as
 * `CODE=type/subtype` pairs separated by commas, e.g. `HD=presenter/source,CH1=presentation/source`. CODE is a
 * recording channel code (HD, SD, CH1..CH5, CH1S..CH5S); a flavor is Opencast's `type/subtype`. Each code once.
 */
export interface FlavorPair {
  code: string;
  flavor: string;
}

const CODES = new Set<string>(Object.values(CHANNEL_CODES));
const FLAVOR = /^[A-Za-z0-9][A-Za-z0-9._+-]*\/[A-Za-z0-9][A-Za-z0-9._+-]*$/;
const MAX_LENGTH = 512;

/** The pairs of a valid value ([] for "" or anything invalid: the schema says why). */
export function parseFlavors(text: string): FlavorPair[] {
  const pairs = flavorPairs(text);
  return typeof pairs === 'string' ? [] : pairs;
}

/** The pairs, or the rule the text breaks. Whitespace is ignored. */
function flavorPairs(text: string): FlavorPair[] | string {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return [];
  const out: FlavorPair[] = [];
  for (const part of compact.split(',')) {
    const [code, flavor, extra] = part.split('=');
    if (code === undefined || flavor === undefined || extra !== undefined) return `"${part}" must be CODE=type/subtype`;
    if (!CODES.has(code)) return `"${code}" is not a channel code (HD, SD, CH1..CH5, CH1S..CH5S)`;
    if (!FLAVOR.test(flavor)) return `"${flavor}" is not a flavor type/subtype`;
    if (out.some((p) => p.code === code)) return `${code} is listed twice`;
    out.push({ code, flavor });
  }
  return out;
}

export const flavorsText = withMeta(
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .max(MAX_LENGTH, `must be at most ${MAX_LENGTH} characters`)
        .superRefine((v, ctx) => {
          const pairs = flavorPairs(v);
          if (typeof pairs === 'string') ctx.addIssue({ code: 'custom', message: pairs });
        }),
    ),
  { kind: 'text', maxLength: MAX_LENGTH, format: 'compact' },
);
