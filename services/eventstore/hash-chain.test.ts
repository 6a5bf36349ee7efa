// The hash chain is written out key by key for speed: given any event, then its hash must equal sha256 of the
// canonical JSON of its envelope, the definition every stored chain was made with.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import { normaliseEvents, planEvents } from './append-plan.ts';
import { eventHash } from './hash-chain.ts';
import type { NewEvent } from './port.ts';

const reference = (stream: string, revision: number, event: NewEvent, previousHash: string): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        stream,
        revision,
        id: event.id,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
        previousHash,
      }),
    )
    .digest('hex');

const jsonObject = fc.dictionary(fc.string(), fc.jsonValue());

describe('the hash chain', () => {
  it('hashes an event as sha256 of its canonical envelope', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.jsonValue(),
        jsonObject,
        fc.constantFrom('', 'f'.repeat(64)),
        (stream, revision, data, metadata, previousHash) => {
          const event: NewEvent = { id: 'id-1', type: 'T', schemaVersion: 2, data, metadata };
          expect(eventHash(stream, revision, event, previousHash)).toBe(
            reference(stream, revision, event, previousHash),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('plans the same hashes from the JSON text kept by normalisation as from the events themselves', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.jsonValue(), jsonObject), { minLength: 1, maxLength: 5 }), (pairs) => {
        const events: NewEvent[] = pairs.map(([data, metadata], i) => ({
          id: `e${i}`,
          type: 'T',
          schemaVersion: 1,
          data,
          metadata,
        }));
        const planned = planEvents('s-1', normaliseEvents('s-1', events), undefined);
        let previous = '';
        planned.forEach((p, i) => {
          const roundTripped = JSON.parse(JSON.stringify(events[i]!)) as NewEvent;
          expect(p.hash).toBe(
            reference('s-1', i, { ...roundTripped, data: roundTripped.data ?? null }, previous),
          );
          previous = p.hash;
        });
      }),
      { numRuns: 300 },
    );
  });
});
