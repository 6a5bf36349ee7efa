// Entries refused: the field the contract named, a hand that is no win, a seat not at the table, and a hand
// already on record. Nothing is appended then.
import { describe, expect, it } from 'vitest';
import { decide } from '../hand/decide.ts';
import { arranged, startWith } from '../hand/spec.ts';
import { decideEntry } from './decide.ts';
import { previewEntry } from './preview.ts';
import { entry, eventsOf, fold, rejectionOf, SEED_003_CLAIM } from './spec.ts';

const empty = fold([]);

describe('an entry the contract refuses', () => {
  it('given hu-mahjong tiles without the winning tile, then invalid-entry names the field, both ways', () => {
    const { winningTile: _, ...noTile } = SEED_003_CLAIM;
    const command = entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'N', claims: [noTile] });
    const rejection = rejectionOf(decideEntry(command, empty));
    expect(rejection).toMatchObject({
      code: 'invalid-entry',
      field: 'result.claims[0].winningTile',
      contractField: 'claims[0].winningTile',
    });
    expect(rejection.message).toContain('winning tile');
    expect(rejectionOf(previewEntry(command))).toEqual(rejection);
  });

  it('given a tile the notation does not know, then the field is the claim’s hand', () => {
    const claim = { ...SEED_003_CLAIM, hand: '123s123p789p9x' };
    const command = entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [claim] });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({
      code: 'invalid-entry',
      contractField: 'claims[0].hand',
    });
  });

  it('given a discard win without the discarder, then the field is result.from', () => {
    const command = entry('four-seas', {
      kind: 'win',
      by: 'discard',
      claims: [{ seat: 'E', handScore: 30 }],
    });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({
      field: 'result.from',
      contractField: 'from',
    });
  });

  it('given a declared preset without a score, then the field is the claim’s handScore', () => {
    const command = entry('mahjong-house', { kind: 'win', by: 'self-draw', claims: [{ seat: 'S' }] });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({ field: 'result.claims[0].handScore' });
  });

  it('given tiles that make no winning hand, then not-a-win names the seat', () => {
    const claim = { ...SEED_003_CLAIM, winningTile: '1z' };
    const command = entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'E', claims: [claim] });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({ code: 'not-a-win', seat: 'S' });
  });
});

describe('an entry that does not fit the table', () => {
  it('given a ready seat not at a three-player table, then the field is result.ready[0]', () => {
    const command = entry('hu-mahjong', { kind: 'drawn', ready: ['N'] }, { players: 3 });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({
      code: 'invalid-entry',
      field: 'result.ready[0]',
    });
  });

  it('given seat winds for three at a four-player ruleset, then the field is context.seatWinds', () => {
    const command = entry('four-seas', { kind: 'drawn', ready: [] });
    const { N: _, ...three } = command.context.seatWinds;
    const rejection = rejectionOf(
      decideEntry({ ...command, context: { ...command.context, seatWinds: three } }, empty),
    );
    expect(rejection).toMatchObject({ code: 'invalid-entry', field: 'context.seatWinds' });
  });

  it('given a void without an explanation, then the field is result.explanation', () => {
    const command = entry('table-law', { kind: 'voided', cause: 'misdeal', explanation: '' });
    expect(rejectionOf(decideEntry(command, empty))).toMatchObject({ field: 'result.explanation' });
  });

  it('given an unknown role, then the field is by.role', () => {
    const command = entry('table-law', { kind: 'drawn', ready: [] });
    const rejection = rejectionOf(
      decideEntry({ ...command, by: { role: 'player' as 'scorer', id: 'bo' } }, empty),
    );
    expect(rejection).toMatchObject({ field: 'by.role' });
  });
});

describe('a hand already on record', () => {
  it('given an entered hand, then a second entry of it is refused', () => {
    const first = entry('table-law', { kind: 'drawn', ready: [] });
    const state = fold(eventsOf(decideEntry(first, empty)));
    const again = entry('table-law', { kind: 'win', by: 'self-draw', claims: [{ seat: 'E', handScore: 8 }] });
    expect(rejectionOf(decideEntry(again, state)).code).toBe('hand-already-recorded');
  });

  it('given a hand being played live, then an entry of it is refused', () => {
    const start = startWith('hu-mahjong', { source: 'seed', seed: 'live-1' });
    const started = decide(start, empty);
    if ('rejection' in started) throw new Error(started.rejection.message);
    const command = entry('hu-mahjong', { kind: 'drawn', ready: [] });
    expect(rejectionOf(decideEntry(command, fold(started.events))).code).toBe('hand-already-recorded');
  });

  it('given an entered hand, then live play cannot start it', () => {
    const state = fold(eventsOf(decideEntry(entry('hu-mahjong', { kind: 'drawn', ready: [] }), empty)));
    const live = decide(
      startWith(
        'hu-mahjong',
        arranged({
          E: '123456789m 234p 55p',
          S: '34567z 19m 1p 9p 1s 9s 2s 8s',
          W: '34567z 258m 7p 3s 6s 77s',
          N: '11z 22z 1s 2s 3s 4s 5s 6s 7s 8s 9s',
        }),
      ),
      state,
    );
    expect('rejection' in live && live.rejection.code).toBe('hand-already-started');
  });
});
