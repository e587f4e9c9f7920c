// tsc compiles TypeScript only; the SQL migrations travel beside the compiled code.
import { cpSync } from 'node:fs';
cpSync(new URL('../src/db/migrations', import.meta.url), new URL('../dist/db/migrations', import.meta.url), { recursive: true });
