import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** Loads every area file of ../targets/ (each appends to the shared tables), in name order. */
const dir = fileURLToPath(new URL('../targets/', import.meta.url));
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort())
  await import(join(dir, file));

export { COMMAND_VALUES, FILE_INPUTS } from './targets.js';
