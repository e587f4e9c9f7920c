// The Node.js running a test runner or benchmark must be the one that built node_modules (its native addons load only
// there). scripts/setup.sh records that one in node_modules/.roomcast-node.json; this says what to do otherwise,
// where the addon's own error ("was compiled against a different Node.js version") would come from deep in a test.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.roomcast-node.json');

/** Throws when node_modules was built by another Node.js than this one (nothing is said when there is no record). */
export function checkNodeRuntime() {
  if (!existsSync(RECORD)) return;
  const built = JSON.parse(readFileSync(RECORD, 'utf8'));
  const here = `${process.platform}-${process.arch}-${process.versions.modules}`;
  if (built.abi === here) return;
  throw new Error(
    `node_modules was built by Node.js ${built.version} and this is Node.js ${process.version}: ` +
      'run `source scripts/node-runtime.sh` in this shell first, or use npm test / npm run test:unit / npm run bench',
  );
}
