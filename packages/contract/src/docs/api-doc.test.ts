import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDoc } from './generate-api-doc.js';

describe('docs/api.md', () => {
  it('is current with the contract (run `npm run docs` after changing it)', () => {
    const onDisk = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderApiDoc());
  });
});
