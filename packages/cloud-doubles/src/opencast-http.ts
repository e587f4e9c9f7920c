/**
 * How the Opencast double reads requests and refuses them: forms (url-encoded or multipart, small fields only)
 * and `Answer`, thrown by an endpoint to answer a status with a text body, as Opencast's REST endpoints do.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { readSmallBody } from './loopback-http.js';

/** The largest form (or form field) read: a media package XML or a Dublin Core catalog fits many times over. */
const FORM_LIMIT = 4 * 1024 * 1024;

export class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body = '',
  ) {
    super(`${status}`);
  }
}

/** A multipart parser that puts every field it reads into `fields`; files are for the caller to handle. */
export function formParser(req: IncomingMessage, fields: Record<string, string>): busboy.Busboy {
  const parser = busboy({ headers: req.headers, limits: { fieldSize: FORM_LIMIT } });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  return parser;
}

/** A url-encoded or multipart form of small fields. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, string> = {};
    await new Promise<void>((resolve, reject) => {
      const parser = formParser(req, fields);
      parser.on('file', (_n, file) => file.resume());
      parser.on('close', resolve);
      parser.on('error', reject);
      req.pipe(parser);
    });
    return fields;
  }
  const body = await readSmallBody(req, FORM_LIMIT, () => new Answer(413));
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}
