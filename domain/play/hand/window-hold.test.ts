// claimWindows 'every-discard' (docs/rules.md "Claim windows: what the table sees"): every tile offered, a
// discard or a kong, is held open for uniformWindowMs and resolved only by the table clock's CloseWindow, so
// that a window nobody may claim and one two seats may claim look the same from outside. Seed 001's pong
// example (mahjong-house): East's 3m may be chowed by South and ponged by North; East's 9m by nobody.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { eventsFor, PUBLIC } from '../visibility.ts';
import { decide } from './decide.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith } from './spec.ts';
import type { HandState } from './state.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);

const SEED_001 = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};
const HOLD = { claimWindows: 'every-discard' };

function afterDeal(options: Record<string, unknown>): HandState {
  return given([startWith('mahjong-house', arranged(SEED_001, '7p 8p'), options)]).state;
}

const discard = (state: HandState, text: string, ms = 1000) =>
  eventsOf(decide({ type: 'Discard', seat: 'E', tile: tile(text), at: at(ms) }, state));

describe('claimWindows every-discard', () => {
  it('given a discard nobody may claim, then a window is held open to uniformWindowMs and resolves only at its deadline', () => {
    const state = afterDeal(HOLD);

    const events = discard(state, '9m');

    expect(types(events)).toEqual(['TileDiscarded', 'ClaimWindowOpened']);
    expect(events[1]).toMatchObject({ data: { seats: {}, deadline: at(1000 + 2500) } });
    const open = fold(events, state);
    expect(rejectionOf(decide({ type: 'CloseWindow', at: at(3499) }, open)).code).toBe('window-still-open');
    const closed = eventsOf(decide({ type: 'CloseWindow', at: at(3500) }, open));
    expect(closed).toEqual([
      {
        type: 'ClaimResolved',
        schemaVersion: 1,
        data: { outcome: 'no-claim', lapsed: [], lockedUntilDraw: [] },
      },
      { type: 'TileDrawn', schemaVersion: 1, data: { seat: 'S', tile: tile('7p'), source: 'live' } },
    ]);
  });

  it('given the default when-claimable, then the same discard resolves at once and South draws', () => {
    const state = afterDeal({});

    expect(types(discard(state, '9m'))).toEqual([
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimResolved',
      'TileDrawn',
    ]);
  });

  it('given South and North answer before the deadline, then the window stays open; at the deadline North’s pong takes the tile', () => {
    let state = afterDeal(HOLD);
    state = fold(discard(state, '3m'), state);
    const chow = eventsOf(
      decide(
        {
          type: 'MakeClaim',
          seat: 'S',
          claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
          at: at(1500),
        },
        state,
      ),
    );
    state = fold(chow, state);
    const pong = eventsOf(
      decide({ type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(2000) }, state),
    );
    state = fold(pong, state);

    expect(types([...chow, ...pong])).toEqual(['ClaimMade', 'ClaimMade']);
    expect(state.phase.kind).toBe('claim-window');
    const closed = eventsOf(decide({ type: 'CloseWindow', at: at(3500) }, state));
    expect(types(closed)).toEqual(['ClaimResolved', 'MeldDeclared']);
    expect(closed[0]).toMatchObject({ data: { outcome: 'meld', seat: 'N', claim: 'pong' } });
  });

  it('given South passes and North stays silent, then at the deadline North times out and South draws', () => {
    let state = afterDeal(HOLD);
    state = fold(discard(state, '3m'), state);
    const pass = eventsOf(decide({ type: 'Pass', seat: 'S', at: at(1200) }, state));
    state = fold(pass, state);

    expect(types(pass)).toEqual(['ClaimPassed']);
    expect(types(eventsOf(decide({ type: 'CloseWindow', at: at(3500) }, state)))).toEqual([
      'ClaimTimedOut',
      'ClaimResolved',
      'TileDrawn',
    ]);
  });

  it('given a window two seats may claim and one nobody may, then the public sees the two alike, deadline and all', () => {
    const state = afterDeal(HOLD);

    const claimable = eventsFor(discard(state, '3m'), PUBLIC, false);
    const idle = eventsFor(discard(state, '9m'), PUBLIC, false);

    const withoutTile = (seen: typeof idle) => JSON.stringify(seen).replaceAll(/"tile":\d+/g, '"tile":0');
    expect(withoutTile(claimable)).toBe(withoutTile(idle));
    expect(types(claimable as PlayEvent[])).toEqual(['TileDiscarded', 'ClaimWindowOpened']);
  });

  it('given uniformWindowMs 800, then every window lasts 800 ms whatever claimDeadlineMs says', () => {
    const state = afterDeal({ ...HOLD, uniformWindowMs: 800, claimDeadlineMs: 9000 });

    expect(discard(state, '3m')[1]).toMatchObject({ data: { deadline: at(1800) } });
    expect(discard(state, '9m')[1]).toMatchObject({ data: { deadline: at(1800) } });
  });

  it('given East declares a concealed kong nobody may rob, then the offer is held too, and the replacement comes at the deadline', () => {
    const hands = {
      E: '1111m 234m 567p 123s 9s',
      S: '5678m 123p 45678s 2z',
      W: '99m 234p 89p 678s 345z',
      N: '567m 567p 456s 11z 67z',
    };
    const state = given([startWith('mahjong-house', arranged(hands), HOLD)]).state;

    const kong = eventsOf(
      decide({ type: 'DeclareKong', seat: 'E', tile: tile('1m'), kind: 'concealed', at: at(500) }, state),
    );

    expect(types(kong)).toEqual(['MeldDeclared', 'ClaimWindowOpened']);
    expect(kong[1]).toMatchObject({ data: { seats: {}, deadline: at(3000) } });
    const stands = eventsOf(decide({ type: 'CloseWindow', at: at(3000) }, fold(kong, state)));
    expect(types(stands)).toEqual(['ClaimResolved', 'TileDrawn']);
    expect(stands[1]).toMatchObject({ data: { seat: 'E', source: 'replacement' } });
  });
});
