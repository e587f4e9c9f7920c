// `npm run bench`: runs every benchmark in this folder in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
for (const file of readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n=== ${file}`);
  spawnSync(process.execPath, [new URL(file, import.meta.url).pathname], { stdio: 'inherit' });
}
