// chinese-classical and table-law played through the hand decider, given/when/then, with seed 002's and seed
// 004's numbers: loser scores, the East streak, dice triples, chasing and the West exception, false Mahjong
// and dead hands.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import { PlayEvent } from '../events.ts';
import { handResultOf } from '../game/from-hand.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith, tilesAccountedFor } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);
const valid = (events: readonly PlayEvent[]) => {
  for (const event of events) expect(() => PlayEvent.parse(event)).not.toThrow();
};

// S waits on 2p/5p with a Pure Straight; E holds the 5p and discards it.
const WIN_HANDS = {
  E: '5p 11z 22z 34567z 1s 9s 9m 9p',
  S: '123456789m 234p 5p',
  W: '34567z 19m 1p 9p 1s 9s 2s 8s',
  N: '34567z 258m 7p 3s 6s 77s',
};
// The same, with N waiting instead of S: E's 5p is N's alone (N is no chow seat of E's).
const N_WINS = { ...WIN_HANDS, S: WIN_HANDS.N, N: WIN_HANDS.S };

// One of each of 1m and the four winds in every hand; no pairs, no 2m 3m: nobody can claim a 1m or a wind.
const CHASE_HANDS = {
  E: '1m 5m 9m 1p 5p 9p 1s 5s 9s 1z 2z 3z 4z 5z',
  S: '1m 6m 2p 6p 2s 6s 1z 2z 3z 4z 5z 6z 7z',
  W: '1m 7m 3p 7p 3s 7s 1z 2z 3z 4z 5z 6z 7z',
  N: '1m 8m 4p 8p 4s 8s 1z 2z 3z 4z 5z 6z 7z',
};
const CHASE_DRAWS = '6m 7m 8m 9m 6p 7p 8p';
const tableLaw = (
  hands = CHASE_HANDS,
  draws = CHASE_DRAWS,
  options = {},
  dice: readonly [number, number, number] = [3, 4, 5],
) =>
  startWith(
    'table-law',
    arranged(hands, draws, { withFlowers: true, dice: [dice[0], dice[1], dice[2]] }),
    options,
  );

/** E, S and W each discard `first` in turn; N is to discard next. */
const threeDiscarded = (text: string, options = {}) =>
  given([
    tableLaw(CHASE_HANDS, CHASE_DRAWS, options),
    { type: 'Discard', seat: 'E', tile: tile(text), at: at(1000) },
    { type: 'Discard', seat: 'S', tile: tile(text), at: at(2000) },
    { type: 'Discard', seat: 'W', tile: tile(text), at: at(3000) },
  ]);

describe('chinese-classical (seed 002)', () => {
  it('settles the winner’s and every loser’s final score: N wins 192, E 2, S 46, W 12', () => {
    const { state } = given([
      startWith('chinese-classical', arranged(N_WINS)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
    ]);
    expect(state.wall.length).toBe(136);
    const won = eventsOf(
      decide(
        {
          type: 'MakeClaim',
          seat: 'N',
          claim: { claim: 'win' },
          handScore: 192,
          loserScores: { E: 2, S: 46, W: 12 },
          at: at(1100),
        },
        state,
      ),
    );
    valid(won);
    expect(types(won)).toEqual([
      'ClaimMade',
      'ScoresDeclared',
      'ClaimResolved',
      'WinDeclared',
      'HandSettled',
      'WallRevealed',
    ]);
    expect(won[1]).toMatchObject({ data: { scores: { N: 192, E: 2, S: 46, W: 12 } } });
    const settled = won[4];
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    const pays = settled.data.transfers.map((t) => `${t.from}>${t.to} ${t.points}`);
    expect(pays.sort()).toEqual(['E>N 384', 'S>N 192', 'W>N 192', 'E>S 88', 'E>W 20', 'W>S 34'].sort());
    // Seed 002 §6.3: from 2,000 each to 1,508 / 1,930 / 1,794 / 2,768.
    const result = handResultOf(
      1,
      [...given([startWith('chinese-classical', arranged(N_WINS))]).events],
      at(),
    );
    expect(result).toBeUndefined();
    const all = [
      ...given([
        startWith('chinese-classical', arranged(N_WINS)),
        { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
      ]).events,
      ...won,
    ];
    expect(handResultOf(1, all, at(2000))?.deltas).toEqual({ E: -492, S: -70, W: -206, N: 768 });
  });

  it('settles one winner by head-bump, from its own sheet: a blocked claimant pays as a loser', () => {
    // S and N both wait on E's 5p; S, first after E, takes it.
    const hands = { ...WIN_HANDS, N: '123456789s 234p 5p' };
    const { state } = given([
      startWith('chinese-classical', arranged(hands)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
      {
        type: 'MakeClaim',
        seat: 'N',
        claim: { claim: 'win' },
        handScore: 192,
        loserScores: { E: 2, S: 46, W: 12 },
        at: at(1100),
      },
    ]);
    const won = eventsOf(
      decide(
        {
          type: 'MakeClaim',
          seat: 'S',
          claim: { claim: 'win' },
          handScore: 100,
          loserScores: { E: 2, W: 12, N: 46 },
          at: at(1200),
        },
        state,
      ),
    );
    const settled = won.find((e) => e.type === 'HandSettled');
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    expect(settled.data.winners).toEqual([{ seat: 'S', handScore: 100, effectiveScore: 100 }]);
    expect(settled.data.transfers.map((t) => `${t.from}>${t.to} ${t.points}`).sort()).toEqual(
      ['E>S 200', 'W>S 100', 'N>S 100', 'E>W 20', 'E>N 88', 'W>N 34'].sort(),
    );
  });

  it('needs every loser’s score with the win, and a self-draw carries them too', () => {
    const { state } = given([
      startWith('chinese-classical', arranged(N_WINS)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
    ]);
    expect(
      rejectionOf(
        decide(
          {
            type: 'MakeClaim',
            seat: 'N',
            claim: { claim: 'win' },
            handScore: 192,
            loserScores: { E: 2, S: 46 },
            at: at(1100),
          },
          state,
        ),
      ),
    ).toMatchObject({ code: 'score-required', rule: RULES.loserScores });
    const heaven = given([
      startWith('chinese-classical', arranged({ ...WIN_HANDS, E: '123456789m 234p 55p' })),
    ]).state;
    const selfDrawn = eventsOf(
      decide(
        {
          type: 'DeclareSelfDraw',
          seat: 'E',
          handScore: 10,
          loserScores: { S: 4, W: 2, N: 0 },
          at: at(500),
        },
        heaven,
      ),
    );
    const settled = selfDrawn.find((e) => e.type === 'HandSettled');
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    expect(settled.data.transfers.filter((t) => t.to === 'E').map((t) => t.points)).toEqual([20, 20, 20]);
  });

  it('refuses loser scores in a preset that takes none', () => {
    const { state } = given([
      startWith('mahjong-house', arranged(WIN_HANDS)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
    ]);
    expect(
      rejectionOf(
        decide(
          {
            type: 'MakeClaim',
            seat: 'S',
            claim: { claim: 'win' },
            handScore: 8,
            loserScores: { E: 1, W: 1, N: 1 },
            at: at(1100),
          },
          state,
        ),
      ).code,
    ).toBe('score-required');
  });
});

describe('table-law (seed 004): the hand', () => {
  it('plays with flowers and settles a declared win through the contract, East’s streak from the repeats', () => {
    const start = { ...startWith('table-law', arranged(WIN_HANDS, '', { withFlowers: true })), repeats: 2 };
    const { state, events } = given([start, { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) }]);
    expect(events[0]).toMatchObject({ type: 'HandStarted', data: { withFlowers: true, repeats: 2 } });
    expect(tilesAccountedFor(state)).toBe(144);
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(1100) }, state))
        .code,
    ).toBe('score-required');
    const won = eventsOf(
      decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, handScore: 20, at: at(1100) }, state),
    );
    valid(won);
    const settled = won.find((e) => e.type === 'HandSettled');
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    // E gave the winning tile during a streak of 2: 20, and the bonus 2n + 1 = 5.
    expect(settled.data.transfers.map((t) => `${t.from}>${t.to} ${t.points}`)).toEqual(['E>S 20', 'E>S 5']);
  });

  it('pays a dice triple at the deal: each other player pays East 5, or 10 for a triple six', () => {
    for (const [dice, points] of [
      [[3, 3, 3], 5],
      [[6, 6, 6], 10],
    ] as const) {
      const events = eventsOf(decide(tableLaw(CHASE_HANDS, '', {}, dice), fold([])));
      valid(events);
      expect(types(events).slice(0, 3)).toEqual(['HandStarted', 'ImmediatePayment', 'TilesDealt']);
      expect(events[1]).toMatchObject({
        data: {
          kind: 'dice-triple',
          settles: 'hand-g1-1:dice',
          transfers: ['S', 'W', 'N'].map((from) => ({ from, to: 'E', points })),
          withheld: [],
        },
      });
    }
    const plain = eventsOf(decide(tableLaw(), fold([])));
    expect(plain.some((e) => e.type === 'ImmediatePayment')).toBe(false);
    const amended = eventsOf(decide(tableLaw(CHASE_HANDS, '', { diceTriple: 7 }, [2, 2, 2]), fold([])));
    expect(amended[1]).toMatchObject({ data: { transfers: [{ points: 7 }, { points: 7 }, { points: 7 }] } });
  });
});

describe('table-law (seed 004): chasing as it happens', () => {
  it('four 1m in a row: the first discarder E pays each opponent 10 (a suit tile), when the fourth falls', () => {
    const { state } = threeDiscarded('1m');
    const fourth = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('1m'), at: at(4000) }, state));
    valid(fourth);
    expect(types(fourth).slice(0, 3)).toEqual(['TileDiscarded', 'ImmediatePayment', 'ClaimWindowOpened']);
    expect(fourth[1]).toMatchObject({
      data: {
        kind: 'chasing',
        settles: 'hand-g1-1:discard-3',
        transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 10 })),
      },
    });
    expect(tilesAccountedFor(fold(fourth, state))).toBe(144);
  });

  it('four East winds in a row pay 5 each (an honour); the table’s amounts apply', () => {
    const { state } = threeDiscarded('1z', { chasingHonor: 6 });
    const fourth = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('1z'), at: at(4000) }, state));
    expect(fourth[1]).toMatchObject({
      data: { kind: 'chasing', transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 6 })) },
    });
    const three = threeDiscarded('1z').state;
    const broken = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('8m'), at: at(4000) }, three));
    expect(broken.some((e) => e.type === 'ImmediatePayment')).toBe(false);
  });

  it('the West exception: N holds the fourth West after three in a row; its West is refused, the chase paid', () => {
    const { state } = threeDiscarded('3z');
    expect(
      rejectionOf(decide({ type: 'Discard', seat: 'N', tile: tile('3z'), at: at(4000) }, state)),
    ).toMatchObject({ code: 'west-exception', rule: RULES.westException });
    const shown = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('8m'), at: at(4000) }, state));
    valid(shown);
    expect(types(shown).slice(0, 2)).toEqual(['ImmediatePayment', 'TileDiscarded']);
    expect(shown[0]).toMatchObject({
      data: {
        kind: 'west-exception',
        settles: 'hand-g1-1:west-shown-3',
        transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 5 })),
      },
    });
    // Without the exception the fourth West is an ordinary chase.
    const off = threeDiscarded('3z', { westException: false }).state;
    const chased = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('3z'), at: at(4000) }, off));
    expect(chased[1]).toMatchObject({ data: { kind: 'chasing' } });
  });
});

describe('table-law (seed 004): false Mahjong and dead hands', () => {
  it('a false self-draw pays 25 to each other player and voids the hand, East dealing again', () => {
    const { state, events } = given([tableLaw()]);
    const declared = eventsOf(
      decide({ type: 'DeclareSelfDraw', seat: 'E', handScore: 50, at: at(500) }, state),
    );
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[1]).toMatchObject({
      data: {
        seat: 'E',
        kind: 'false-mahjong',
        points: 25,
        settled: 'now',
        transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 25 })),
      },
    });
    expect(declared[2]).toMatchObject({ data: { cause: 'false-win' } });
    expect(fold(declared, state).phase).toEqual({ kind: 'ended', how: 'voided' });
    expect(handResultOf(1, [...events, ...declared], at(600))).toMatchObject({
      result: { kind: 'voided' },
      deltas: { E: -75, S: 25, W: 25, N: 25 },
    });
  });

  it('a dead hand plays and pays on, but claims, kongs and wins nothing', () => {
    const { state } = given([tableLaw()]);
    expect(
      rejectionOf(decide({ type: 'DeclareDeadHand', seat: 'N', held: 13, at: at(100) }, state)).code,
    ).toBe('not-a-dead-hand');
    const dead = eventsOf(decide({ type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) }, state));
    valid(dead);
    expect(dead).toEqual([
      { type: 'DeadHandDeclared', schemaVersion: 1, data: { seat: 'N', held: 12, expected: 13 } },
    ]);
    const s = fold(dead, state);
    const three = given([
      tableLaw(),
      { type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) },
      { type: 'Discard', seat: 'E', tile: tile('1m'), at: at(1000) },
      { type: 'Discard', seat: 'S', tile: tile('1m'), at: at(2000) },
      { type: 'Discard', seat: 'W', tile: tile('1m'), at: at(3000) },
    ]).state;
    // N still discards, and is paid its share of the chase.
    const fourth = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('1m'), at: at(4000) }, three));
    expect(fourth[1]).toMatchObject({
      data: { kind: 'chasing', transfers: [{ to: 'S' }, { to: 'W' }, { to: 'N' }] },
    });
    expect(
      rejectionOf(decide({ type: 'DeclareSelfDraw', seat: 'N', handScore: 8, at: at(200) }, s)).code,
    ).toBe('out-of-turn');
    expect(s.deadHands).toEqual(['N']);
    expect(rejectionOf(decide({ type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) }, s)).code).toBe(
      'dead-hand',
    );
    expect(
      rejectionOf(decide({ type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) }, fold([]))).code,
    ).toBe('hand-not-started');
  });

  it('with falseWin reject, refuses a dead hand’s win, claim and kong with the dead-hand rejection', () => {
    // E is dead: its self-draw and kong are refused; S is dead: its win claim on E's 5p is refused. (Under the
    // default 'penalise' the wins are false Mahjongs: false-mahjong.test.ts.)
    const reject = { falseWin: 'reject' };
    const heaven = given([
      startWith(
        'table-law',
        arranged({ ...WIN_HANDS, E: '123456789m 234p 55p' }, '', { withFlowers: true }),
        reject,
      ),
      { type: 'DeclareDeadHand', seat: 'E', held: 13, at: at(100) },
    ]).state;
    expect(
      rejectionOf(decide({ type: 'DeclareSelfDraw', seat: 'E', handScore: 8, at: at(500) }, heaven)),
    ).toMatchObject({ code: 'dead-hand', rule: RULES.deadHand });
    expect(
      rejectionOf(
        decide({ type: 'DeclareKong', seat: 'E', tile: tile('1m'), kind: 'concealed', at: at(500) }, heaven),
      ).code,
    ).toBe('dead-hand');
    // N may pong E's 5p; S, waiting on it, is dead: the window offers S nothing and refuses its claim.
    const hands = { ...WIN_HANDS, N: '34567z 258m 55p 3s 6s 7s' };
    const { state, events } = given([
      startWith('table-law', arranged(hands, '', { withFlowers: true }), reject),
      { type: 'DeclareDeadHand', seat: 'S', held: 14, at: at(100) },
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'ClaimWindowOpened',
      data: { seats: { N: { pong: true } } },
    });
    const window = events.at(-1);
    if (window?.type !== 'ClaimWindowOpened') throw new Error('no window');
    expect(window.data.seats.S).toBeUndefined();
    expect(
      rejectionOf(
        decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, handScore: 8, at: at(1100) }, state),
      ),
    ).toMatchObject({ code: 'dead-hand', rule: RULES.deadHand });
    // It still pays: N pongs, and the hand goes on around the dead seat.
    const ponged = eventsOf(
      decide({ type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1200) }, state),
    );
    expect(types(ponged)).toEqual(['ClaimMade', 'ClaimResolved', 'MeldDeclared']);
  });

  it('knows no dead hand outside table-law', () => {
    const { state } = given([startWith('mahjong-house', arranged(WIN_HANDS))]);
    expect(
      rejectionOf(decide({ type: 'DeclareDeadHand', seat: 'S', held: 12, at: at(100) }, state)),
    ).toMatchObject({ code: 'preset-not-supported', rule: RULES.deadHandOnly });
  });
});

describe('a false win, as the ruleset’s falseWin says (issue 4, item 2)', () => {
  it('hu-mahjong penalising: the declarer pays falseWinPenalty (4000, the heavy penalty) to each, the hand void', () => {
    // Given a hu-mahjong hand whose organizer chose to penalise a false win
    const { state, events } = given([startWith('hu-mahjong', arranged(WIN_HANDS), { falseWin: 'penalise' })]);
    // When E declares a self-draw on fourteen tiles that are no win
    const declared = eventsOf(decide({ type: 'DeclareSelfDraw', seat: 'E', at: at(500) }, state));
    // Then the declaration is recorded as false, E pays 4000 to each other player now, and the hand is void
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[0]).toMatchObject({ data: { seat: 'E', by: 'self-draw' } });
    expect(declared[1]).toMatchObject({
      data: {
        seat: 'E',
        kind: 'false-win',
        points: 4000,
        settled: 'now',
        transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 4000 })),
      },
    });
    expect(declared[2]).toMatchObject({ data: { cause: 'false-win' } });
    expect(fold(declared, state).phase).toEqual({ kind: 'ended', how: 'voided' });
    expect(handResultOf(1, [...events, ...declared], at(600))).toMatchObject({
      result: { kind: 'voided' },
      deltas: { E: -12000, S: 4000, W: 4000, N: 4000 },
    });
  });

  it('the penalty is the organizer’s: mahjong-house’s default 0 voids the hand and moves no points', () => {
    // Given mahjong-house penalising false wins, once with its default penalty 0 and once with 30
    for (const [options, points] of [
      [{ falseWin: 'penalise' }, 0],
      [{ falseWin: 'penalise', falseWinPenalty: 30 }, 30],
    ] as const) {
      const { state, events } = given([startWith('mahjong-house', arranged(WIN_HANDS), options)]);
      // When E declares a false self-draw
      const declared = eventsOf(
        decide({ type: 'DeclareSelfDraw', seat: 'E', handScore: 8, at: at(500) }, state),
      );
      // Then the hand is void, and E pays each other player the penalty (nothing at 0)
      valid(declared);
      expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
      expect(declared[1]).toMatchObject({
        data: {
          kind: 'false-win',
          points,
          transfers: points === 0 ? [] : ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points })),
        },
      });
      expect(handResultOf(1, [...events, ...declared], at(600))?.deltas).toEqual({
        E: 0 - 3 * points,
        S: points,
        W: points,
        N: points,
      });
    }
  });

  it('rejecting: every preset but table-law refuses by default, and table-law when its organizer chose so', () => {
    // Given each preset at its defaults but table-law, and table-law with falseWin 'reject'
    const tables = [
      ...(['hu-mahjong', 'four-seas', 'chinese-classical', 'mahjong-house'] as const).map((preset) =>
        startWith(preset, arranged(WIN_HANDS)),
      ),
      tableLaw(CHASE_HANDS, CHASE_DRAWS, { falseWin: 'reject' }),
    ];
    for (const start of tables) {
      const { state } = given([start]);
      // When E declares a false self-draw
      const decision = decide(
        {
          type: 'DeclareSelfDraw',
          seat: 'E',
          handScore: 8,
          ...(start.ruleset.preset === 'chinese-classical' ? { loserScores: { S: 0, W: 0, N: 0 } } : {}),
          at: at(500),
        },
        state,
      );
      // Then it is refused as no win, and nothing is recorded
      expect(rejectionOf(decision)).toMatchObject({ code: 'not-a-win', rule: RULES.win });
    }
  });
});

// E holds four 1m; nobody else holds a 1m, and nobody can rob it.
const GONG_HANDS = {
  E: '1111m 5m 9m 1p 5p 9p 1s 5s 9s 2p 3p',
  S: '3m 6m 2p 6p 2s 6s 1z 2z 3z 4z 5z 6z 7z',
  W: '4m 7m 3p 7p 3s 7s 1z 2z 3z 4z 5z 6z 7z',
  N: '5m 8m 4p 8p 4s 8s 1z 2z 3z 4z 5z 6z 7z',
};
const concealedGong = {
  type: 'DeclareKong',
  seat: 'E',
  tile: tile('1m'),
  kind: 'concealed',
  at: at(500),
} as const;

describe('table-law (seed 004): a concealed gong pays at once', () => {
  it('each opponent pays the declarer 5 when the gong stands, before the replacement is drawn', () => {
    // Given a table-law hand where E holds four 1m
    const { state, events } = given([tableLaw(GONG_HANDS)]);
    // When E declares the concealed gong and nobody may rob it
    const declared = eventsOf(decide(concealedGong, state));
    // Then it stands, S, W and N each pay E 5 as an immediate payment, and E draws its replacement
    valid(declared);
    // (the replacements come from the back of the wall, where the arranged flowers wait)
    expect(types(declared).slice(0, 5)).toEqual([
      'MeldDeclared',
      'ClaimWindowOpened',
      'ClaimResolved',
      'ImmediatePayment',
      'TileDrawn',
    ]);
    expect(declared[3]).toMatchObject({
      data: {
        kind: 'concealed-gong',
        settles: `hand-g1-1:concealed-gong-E-${tile('1m')}`,
        transfers: ['S', 'W', 'N'].map((from) => ({ from, to: 'E', points: 5 })),
        withheld: [],
      },
    });
    const after = fold(declared, state);
    expect(tilesAccountedFor(after)).toBe(144);
    // and E's false self-draw afterwards is penalised with the gong money already counted (+15 - 75)
    const falseWin = eventsOf(
      decide({ type: 'DeclareSelfDraw', seat: 'E', handScore: 8, at: at(600) }, after),
    );
    expect(handResultOf(1, [...events, ...declared, ...falseWin], at(700))?.deltas).toEqual({
      E: -60,
      S: 20,
      W: 20,
      N: 20,
    });
  });

  it('the amount is the ruleset’s concealedGong, and a dead opponent still pays', () => {
    // Given concealedGong 7, and N's hand found dead
    const { state } = given([
      tableLaw(GONG_HANDS, CHASE_DRAWS, { concealedGong: 7 }),
      { type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) },
    ]);
    // When E declares its concealed gong
    const declared = eventsOf(decide(concealedGong, state));
    // Then each opponent, N included, pays 7
    expect(declared.find((e) => e.type === 'ImmediatePayment')).toMatchObject({
      data: { transfers: ['S', 'W', 'N'].map((from) => ({ from, to: 'E', points: 7 })), withheld: [] },
    });
  });

  it('a dead hand collects no gong money: found dead while its gong waits on a robber, its share is withheld', () => {
    // Given S waiting on 1m with thirteen orphans, so E's concealed gong of 1m may be robbed (seed 001)
    const hands = { ...GONG_HANDS, S: '9m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z' };
    const { state } = given([tableLaw(hands), concealedGong]);
    expect(state.phase.kind).toBe('claim-window');
    // When the referee finds E's hand dead, and S lets the gong stand
    const dead = given([
      tableLaw(hands),
      concealedGong,
      { type: 'DeclareDeadHand', seat: 'E', held: 9, at: at(600) },
    ]);
    const stands = eventsOf(decide({ type: 'Pass', seat: 'S', at: at(700) }, dead.state));
    // Then the gong pays nobody: E's collection is withheld, and play goes on with E's replacement
    valid(stands);
    expect(types(stands).slice(0, 4)).toEqual([
      'ClaimPassed',
      'ClaimResolved',
      'ImmediatePayment',
      'TileDrawn',
    ]);
    expect(stands[2]).toMatchObject({
      data: { kind: 'concealed-gong', transfers: [], withheld: [{ seat: 'E' }] },
    });
    // and a robbed gong is never paid: S wins on it instead
    const robbed = eventsOf(
      decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, handScore: 30, at: at(700) }, state),
    );
    expect(types(robbed)).toContain('KongRobbed');
    expect(robbed.some((e) => e.type === 'ImmediatePayment')).toBe(false);
  });

  it('is table law’s alone: a concealed kong pays nothing at once in another preset', () => {
    const { state } = given([startWith('mahjong-house', arranged(GONG_HANDS))]);
    const declared = eventsOf(decide(concealedGong, state));
    expect(types(declared)).toEqual(['MeldDeclared', 'ClaimWindowOpened', 'ClaimResolved', 'TileDrawn']);
    expect(fold(declared, state).seats.E?.melds).toEqual([
      { kind: 'kong', tile: tile('1m'), concealed: true },
    ]);
  });
});

// E waits on 5p after throwing 9s; S holds the 5p and throws it after drawing 1p.
const EAST_WINS = {
  E: '123456789m 234p 5p 9s',
  S: '5p 11z 22z 34567z 1s 9s 9m',
  W: WIN_HANDS.W,
  N: WIN_HANDS.N,
};
const eastStreak = (repeats: number) => ({
  ...startWith('table-law', arranged(EAST_WINS, '1p', { withFlowers: true })),
  repeats,
});
const eastWinsOn5p = (placed: boolean, repeats = 2) => {
  const { state } = given([
    eastStreak(repeats),
    ...(placed ? [{ type: 'PlaceStreakDie' as const, seat: 'E' as const, at: at(500) }] : []),
    { type: 'Discard', seat: 'E', tile: tile('9s'), at: at(1000) },
    { type: 'Discard', seat: 'S', tile: tile('5p'), at: at(2000) },
  ]);
  const won = eventsOf(
    decide({ type: 'MakeClaim', seat: 'E', claim: { claim: 'win' }, handScore: 20, at: at(2100) }, state),
  );
  valid(won);
  const settled = won.find((e) => e.type === 'HandSettled');
  if (settled?.type !== 'HandSettled') throw new Error('not settled');
  return settled.data.transfers.map((t) => `${t.from}>${t.to} ${t.points}`);
};

describe('table-law (seed 004): the streak die', () => {
  it('given a streak of 2, when East places the die before the first discard and wins, S pays the bonus 2n + 1 = 5', () => {
    const { state } = given([eastStreak(2)]);
    const placed = eventsOf(decide({ type: 'PlaceStreakDie', seat: 'E', at: at(500) }, state));
    valid(placed);
    expect(placed).toEqual([{ type: 'StreakDiePlaced', schemaVersion: 1, data: { seat: 'E', count: 2 } }]);
    expect(eastWinsOn5p(true)).toEqual(['S>E 20', 'S>E 5']);
  });

  it('given a streak of 2, when East discards without the die and wins, East earns only the 1 point row', () => {
    expect(eastWinsOn5p(false)).toEqual(['S>E 20', 'S>E 1']);
  });

  it('given a forgotten die, when East gives the winning tile, East still pays the full bonus 5', () => {
    const start = { ...startWith('table-law', arranged(WIN_HANDS, '', { withFlowers: true })), repeats: 2 };
    const { state } = given([start, { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) }]);
    expect(state.diePlaced).toBe(false);
    const won = eventsOf(
      decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, handScore: 20, at: at(1100) }, state),
    );
    const settled = won.find((e) => e.type === 'HandSettled');
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    expect(settled.data.transfers.map((t) => `${t.from}>${t.to} ${t.points}`)).toEqual(['E>S 20', 'E>S 5']);
  });

  it('is placed by East, once, before the first discard, and only during a streak', () => {
    const place = (seat: 'E' | 'S') => ({ type: 'PlaceStreakDie' as const, seat, at: at(500) });
    expect(rejectionOf(decide(place('E'), given([eastStreak(0)]).state)).code).toBe('no-streak-die');
    expect(rejectionOf(decide(place('S'), given([eastStreak(2)]).state)).code).toBe('no-streak-die');
    expect(rejectionOf(decide(place('E'), given([eastStreak(2), place('E')]).state)).code).toBe(
      'no-streak-die',
    );
    const late = given([eastStreak(2), { type: 'Discard', seat: 'E', tile: tile('9s'), at: at(1000) }]).state;
    expect(rejectionOf(decide(place('E'), late))).toMatchObject({
      code: 'no-streak-die',
      rule: RULES.streakDie,
    });
    const other = { ...startWith('four-seas', arranged(EAST_WINS, '1p')), repeats: 2 };
    expect(rejectionOf(decide(place('E'), given([other]).state)).code).toBe('preset-not-supported');
  });
});

describe('table-law (seed 004): an unshown concealed gong', () => {
  const charge = (seat: 'S' | 'N') => ({ type: 'ChargeUnshownGong' as const, seat, at: at(1500) });
  const discarded = [
    tableLaw(),
    { type: 'Discard' as const, seat: 'E' as const, tile: tile('1m'), at: at(1000) },
  ];

  it('given East has discarded the first tile, when S is charged, S pays 10 to each opponent', () => {
    expect(rejectionOf(decide(charge('S'), given([tableLaw()]).state))).toMatchObject({
      code: 'not-yet-charged',
      rule: RULES.unshownGong,
    });
    const { state } = given(discarded);
    const charged = eventsOf(decide(charge('S'), state));
    valid(charged);
    expect(charged).toEqual([
      {
        type: 'ImmediatePayment',
        schemaVersion: 1,
        data: {
          kind: 'unshown-concealed-gong',
          settles: 'hand-g1-1:unshown-concealed-gong-S',
          transfers: ['E', 'W', 'N'].map((to) => ({
            from: 'S',
            to,
            points: 10,
            reason: 'unshown concealed gong of S: 10 to each opponent',
          })),
          withheld: [],
        },
      },
    ]);
    expect(rejectionOf(decide(charge('S'), fold(charged, state))).code).toBe('already-charged');
  });

  it('given N is a dead hand, when S is charged, N’s share is withheld; the amount is the ruleset’s', () => {
    const { state } = given([...discarded, { type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(1200) }]);
    expect(eventsOf(decide(charge('S'), state))[0]).toMatchObject({
      data: {
        transfers: [
          { to: 'E', points: 10 },
          { to: 'W', points: 10 },
        ],
        withheld: [{ seat: 'N' }],
      },
    });
    const amended = given([
      tableLaw(CHASE_HANDS, CHASE_DRAWS, { unshownConcealedGong: 4 }),
      discarded[1]!,
    ]).state;
    expect(eventsOf(decide(charge('N'), amended))[0]).toMatchObject({
      data: { transfers: [{ points: 4 }, { points: 4 }, { points: 4 }] },
    });
  });
});
