// docs/score-contract.md is the repository's copy of ../shared/spec/score-contract.md, for readers of a clone
// without ../shared. The contract is used from outside the project: the copy must never drift.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedFile } from './support/shared-data.ts';

const spec = sharedFile('spec/score-contract.md');

describe.skipIf(!spec)('the score contract document', () => {
  it('is the same text as the shared specification', () => {
    const copy = readFileSync(resolve(import.meta.dirname, '..', 'docs', 'score-contract.md'), 'utf8');
    expect(copy).toBe(readFileSync(spec!, 'utf8'));
  });
});
