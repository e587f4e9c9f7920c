import { z } from 'zod';
import type { Requirement } from '../permissions.js';

/**
 * One call of the API: `POST /api/{name}`. `request` validates the JSON body (for `body: 'raw'` calls it
 * validates nothing: the bytes are the payload and the file path comes in the `file-path` header).
 * `data` is the schema of the envelope's `data`. `permission` is what the caller needs, or a function of the
 * (already validated) body when it depends on it, e.g. which setting code is read.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  summary: string;
  request: Req;
  data: Data;
  permission: Requirement | ((body: z.infer<Req>) => Requirement[]);
  /** Mutating calls write an operation-log row; a function decides per body (e.g. `list` reads). */
  mutating: boolean | ((body: z.infer<Req>) => boolean);
  body?: 'json' | 'raw';
  /**
   * A `raw` call whose bytes reach the handler as a stream, to be written to disk as they come (uploadupdate): the
   * service enforces its own size limit instead of buffering the body in memory.
   */
  stream?: boolean;
  /** `binary`: a successful answer is a file (octet-stream), a failure is the JSON envelope. */
  reply?: 'json' | 'binary';
  /** Extra HTTP method besides POST (spec §7: `GET /api/restore_opelog`). */
  alsoGet?: boolean;
  /** Keys of a successful answer's `data` that the envelope also carries at its top level (spec §3: login's `sessionID`). */
  envelope?: readonly string[];
}

export function defineCall<Req extends z.ZodType, Data extends z.ZodType>(def: CallDef<Req, Data>): CallDef<Req, Data> {
  return def;
}

export const Empty = z.object({}).describe('empty body');
export const NoData = z.undefined().optional().describe('no data');
export const Bool = z.boolean();
/** A string with surrounding whitespace removed (spec: names strip whitespace). */
export const trimmed = (max: number) => z.string().trim().max(max);
/** A row's id as the list calls answer it (a string), also taken as a number: always a string after validation. */
export const rowId = (what: string) =>
  z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'must be a whole number'),
      z.number().int().min(0),
    ])
    .transform(String)
    .describe(`${what} id (string or number)`);
export const nonEmptyTrimmed = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
/** Spaces are stripped from user codes, names and passwords (spec §5). */
export const noSpaces = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().max(max));
