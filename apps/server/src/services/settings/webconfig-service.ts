import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_WEBCONFIG, WebConfig } from '@roomcast/contract';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(base[k]) ? deepMerge(base[k] as Json, v) : v;
  return out;
}

/**
 * `/static/webconfig.json`: the contract's defaults, overridden by DATA_DIR/webconfig.json when an operator
 * writes one (e.g. `{"site": {"mode4k": true, "cloundShare": true}}`). An invalid file is reported and ignored.
 */
export function loadWebConfig(dataDir: string, warn: (msg: string) => void): WebConfig {
  const file = join(dataDir, 'webconfig.json');
  if (!existsSync(file)) return DEFAULT_WEBCONFIG;
  try {
    const merged = deepMerge(DEFAULT_WEBCONFIG as unknown as Json, JSON.parse(readFileSync(file, 'utf8')) as Json);
    return WebConfig.parse(merged);
  } catch (err) {
    warn(`Ignoring ${file}: ${(err as Error).message}`);
    return DEFAULT_WEBCONFIG;
  }
}
