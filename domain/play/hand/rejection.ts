// A refusal names the rule that refused, so that a player, a referee and a log all read the same reason.

export type RejectionCode =
  | 'hand-already-started'
  | 'hand-not-started'
  | 'hand-over'
  | 'preset-not-supported'
  | 'table-mismatch'
  | 'bad-wall'
  | 'out-of-turn'
  | 'claim-window-open'
  | 'no-claim-window'
  | 'tile-not-held'
  | 'not-eligible'
  | 'already-answered'
  | 'claim-not-open'
  | 'window-still-open'
  | 'not-after-draw'
  | 'not-a-win'
  | 'no-kong'
  | 'score-required'
  | 'settlement-refused'
  | 'west-exception'
  | 'west-owed'
  | 'dead-hand'
  | 'not-a-dead-hand'
  | 'no-streak-die'
  | 'not-yet-charged'
  | 'already-charged'
  | 'reason-required';

export interface Rejection {
  readonly code: RejectionCode;
  /** The rule that refused, and where it comes from. */
  readonly rule: string;
  readonly message: string;
}

export const RULES = {
  start: 'a hand starts once (hand stream)',
  over: 'a hand that is won, drawn or voided is over: nothing more is played',
  presets: 'the hand aggregate plays the five presets',
  table: 'seats E, S, then W, then N; the ruleset sets the number of players',
  wall: 'the wall is the preset’s tile set in some order',
  turn: 'turn order E→S→W→N; a player discards only on their turn (seed 001)',
  window: 'seed 001: nothing moves while a claim window is open',
  held: 'a player discards only a tile they hold',
  claims: 'seed 001: the priority order; who may claim what',
  chow: 'seed 001: chow, the next player only',
  sacred: 'seed 003: sacred discard (furiten) bars a win on a discard',
  passLock: 'seed 001 option 過水: a passed win bars discard wins until the next draw',
  deadline: 'seed 001: the window waits for every eligible player or the deadline',
  selfDraw: 'a self-drawn win is declared on the tile just drawn',
  kong: 'seed 001: a kong from four in hand, or the fourth tile added to an exposed pong, then a replacement',
  win: 'a win needs a complete hand, and in hu-mahjong a pattern (seed 003)',
  declared: 'spec "Declared scores": the winner declares the hand score',
  settlement: 'spec/score-contract.md: the score contract settles the hand',
  loserScores: 'seed 002: the losers settle by their final scores: the winner names every loser’s score',
  westException:
    'seed 004, the West wind exception: after three Wests in a row the fourth is shown, kept, and another tile thrown',
  westOwed:
    'seed 004, the West wind exception: "Discard your West in the next round of turns": the kept West is the next discard',
  deadHand: 'seed 004, too many or too few tiles: no Mahjong, no claim, no set; play and pay on',
  deadHandOnly: 'seed 004: a dead hand is a table-law ruling, on a hand of the wrong size',
  streakDie:
    'seed 004, the dealer streak: East places or turns the die after the deal, before discarding the first tile',
  void: 'a referee voids a hand in play by a ruling, saying why; the same dealer deals again',
  unshownGong:
    'seed 004, an unshown concealed gong: 10 to each opponent, once East discards the first tile of the next hand',
} as const;

export const reject = (code: RejectionCode, rule: string, message: string): { rejection: Rejection } => ({
  rejection: { code, rule, message },
});
