import { writeFileSync } from 'node:fs';
import { renderApiDoc } from './generate-api-doc.js';

// `npm run docs`: regenerate docs/api.md at the repository root.
writeFileSync(new URL('../../../../docs/api.md', import.meta.url), renderApiDoc());
console.log('docs/api.md written');
