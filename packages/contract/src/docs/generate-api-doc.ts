import { z } from 'zod';
import { CALLS, type CallName } from '../calls/index.js';
import type { CallDef } from '../calls/define.js';
import { DECISIONS } from '../decisions.js';
import { describePermission, describeRequirement } from '../openapi.js';
import { SETTINGS, SETTING_CODES } from '../settings/index.js';

function fields(schema: z.ZodType): string {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      type?: string;
      properties?: Record<string, unknown>;
      items?: { properties?: Record<string, unknown> };
    };
    const props = json.properties ?? json.items?.properties;
    if (props)
      return (
        (json.type === 'array' ? 'list of ' : '') +
        Object.keys(props)
          .map((k) => `\`${k}\``)
          .join(', ')
      );
    return json.type === 'object' ? '`{}`' : 'raw bytes';
  } catch {
    return '';
  }
}

/** docs/api.md from the contract: calls, setting codes, decisions. `npm run docs` writes it; a test checks it. */
export function renderApiDoc(): string {
  const lines = [
    '# Roomcast API',
    '',
    '_Generated from `packages/contract` by `npm run docs`; do not edit by hand._',
    '',
    'Every call is `POST /api/{name}` with a JSON body and the session id in the `x-session-id` header. Answers are',
    '`{result, message, data}`: invalid body → 400 naming the field and rule; no or expired session → 401; missing',
    'function → 403; unknown call → 404; business failure → 200 with `result: false`. The OpenAPI document is served at',
    '`GET /api/openapi.json`.',
    '',
    '## Decisions where the spec says "not shown"',
    '',
    ...DECISIONS.map((d) => `- **${d.topic}.** ${d.decision}`),
    '',
    '## Calls',
    '',
    '| call | permission | body | logged | what it does |',
    '|---|---|---|---|---|',
    ...(Object.keys(CALLS) as CallName[]).map((name) => {
      const def = CALLS[name] as CallDef;
      return `| \`${name}\` | ${describePermission(def)} | ${def.body === 'raw' ? 'raw bytes' : fields(def.request)} | ${typeof def.mutating === 'function' ? 'except list' : def.mutating ? 'yes' : ''} | ${def.summary.replace(/\|/g, '\\|')} |`;
    }),
    '',
    '## Setting codes',
    '',
    'Read with `readconfig {settingcode}`, write with `writeconfig {settingcode, data: [{key, value}]}` (string values; all keys',
    'validated first, all or nothing).',
    '',
  ];
  for (const code of SETTING_CODES) {
    const def = SETTINGS[code];
    lines.push(
      `### \`${code}\``,
      '',
      `${def.description} Read: ${describeRequirement(def.read)}. Write: ${describeRequirement(def.write)}.`,
      '',
      '| key | default | notes |',
      '|---|---|---|',
    );
    for (const [key, k] of Object.entries(def.keys)) {
      const notes = [k.description, k.secret ? 'secret (reads as "")' : '', k.readOnly ? 'read-only' : ''].filter(Boolean).join('; ');
      lines.push(`| \`${key}\` | \`${k.default}\` | ${notes.replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
