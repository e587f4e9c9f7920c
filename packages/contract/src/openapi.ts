import { z } from 'zod';
import { CALLS, type CallName } from './calls/index.js';
import type { CallDef } from './calls/define.js';
import type { Requirement } from './permissions.js';
import { SESSION_HEADER, FILE_PATH_HEADER } from './http.js';

function schemaOf(t: z.ZodType, io: 'input' | 'output'): unknown {
  try {
    return z.toJSONSchema(t, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** Human text of a call's permission, for docs and the OpenAPI description. */
export function describePermission(def: CallDef): string {
  if (typeof def.permission === 'function') return "depends on the body (the setting code's read/write requirement)";
  return describeRequirement(def.permission);
}

export function describeRequirement(r: Requirement): string {
  switch (r.kind) {
    case 'public':
      return 'public';
    case 'session':
      return 'any logged-in user';
    case 'admin':
      return 'admin only';
    case 'denied':
      return 'nobody';
    case 'anyOf':
      return `function ${r.functions.join(' or ')} (admin always)`;
  }
}

/** The contract as an OpenAPI 3.1 document (served at GET /api/openapi.json). */
export function buildOpenApi(version: string): Record<string, unknown> {
  const envelope = (data: unknown) => ({
    type: 'object',
    required: ['result', 'message'],
    properties: { result: { type: 'boolean' }, message: { type: 'string' }, data },
  });
  const paths: Record<string, unknown> = {};
  for (const name of Object.keys(CALLS) as CallName[]) {
    const def = CALLS[name] as CallDef;
    const requestBody =
      def.body === 'raw'
        ? { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { content: { 'application/json': { schema: schemaOf(def.request, 'input') } } };
    const ok =
      def.reply === 'binary'
        ? { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'envelope', content: { 'application/json': { schema: envelope(schemaOf(def.data, 'output')) } } };
    paths[`/api/${name}`] = {
      post: {
        operationId: name,
        summary: def.summary,
        description: `Permission: ${describePermission(def)}.${typeof def.mutating === 'function' ? ' Writes an operation-log row (except list).' : def.mutating ? ' Writes an operation-log row.' : ''}`,
        parameters: [
          { name: SESSION_HEADER, in: 'header', required: false, schema: { type: 'string' } },
          ...(def.body === 'raw' || def.reply === 'binary'
            ? [
                {
                  name: FILE_PATH_HEADER,
                  in: 'header',
                  required: false,
                  schema: { type: 'string', description: 'base64 of the UTF-8 path' },
                },
              ]
            : []),
        ],
        requestBody,
        responses: {
          200: ok,
          400: { description: 'invalid body: message names the field and rule' },
          401: { description: 'no or expired session' },
          403: { description: 'missing function' },
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Roomcast appliance API', version }, paths };
}
