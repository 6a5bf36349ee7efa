// The hand aggregate's decider: a command and the state folded so far give the events that follow, or a
// rejection naming the rule that refused.
import type { Seat } from '../../rules/seats.ts';
import { formatTiles, TILE_KINDS, WEST } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { seatsOf } from '../fields.ts';
import type {
  ChargeUnshownGong,
  DeclareDeadHand,
  DeclareKong,
  DeclareSelfDraw,
  Discard,
  HandCommand,
  MakeClaim,
  Pass,
  PlaceStreakDie,
  VoidHand,
} from './commands.ts';
import { handDrawn, revealWall } from './draw.ts';
import { Emitter } from './emitter.ts';
import { deadDeclaration, falseClaim, falseWin, falseWinOf } from './false-win.ts';
import { type Rejection, RULES, reject } from './rejection.ts';
import { startHand } from './start.ts';
import {
  eastHasDiscarded,
  type HandState,
  handSize,
  lastTileReading,
  mustAnswer,
  pondFull,
  seatHand,
  type WindowSeat,
  wallRemaining,
} from './state.ts';
import { holdsBackWest, immediatePayment, owesWest, payChase, payWestChase } from './table-law.ts';
import { notAWin, selfDrawAttempt, takesDeclaredScore, winBySelfDraw } from './win.ts';
import { closeWindow, openWindow, resolveIfAnswered, windowOf } from './window.ts';

export type Decision = { readonly events: PlayEvent[] } | { readonly rejection: Rejection };

/** Seed 003: the hand is drawn when one pond holds this many discards, claimed ones included. */
export { POND_LENGTH } from './state.ts';

export function decide(command: HandCommand, state: HandState): Decision {
  if (command.type === 'StartHand') return startHand(command, state);
  const { phase } = state;
  if (phase.kind === 'not-started') return reject('hand-not-started', RULES.start, 'no hand has started');
  if (phase.kind === 'ended' || phase.kind === 'won')
    return reject('hand-over', RULES.over, 'the hand is over');
  switch (command.type) {
    case 'Discard':
      return discard(command, state);
    case 'MakeClaim':
      return answer(command, state);
    case 'Pass':
      return answer(command, state);
    case 'CloseWindow': {
      const window = windowOf(state);
      if (window === undefined) return reject('no-claim-window', RULES.deadline, 'no claim window is open');
      const deadline = window.openedAtMs + window.deadlineMs;
      if (Date.parse(command.at) < deadline)
        return reject(
          'window-still-open',
          RULES.deadline,
          `the window is open until ${new Date(deadline).toISOString()}`,
        );
      return run(state, (em) => closeWindow(em, window, Date.parse(command.at)));
    }
    case 'DeclareSelfDraw':
      return selfDraw(command, state);
    case 'DeclareKong':
      return declareKong(command, state);
    case 'DeclareDeadHand':
      return declareDeadHand(command, state);
    case 'PlaceStreakDie':
      return placeStreakDie(command, state);
    case 'ChargeUnshownGong':
      return chargeUnshownGong(command, state);
    case 'VoidHand':
      return voidHand(command, state);
  }
}

/** A referee's ruling voids the hand in play; payments already made stand, as after a false win. */
function voidHand(command: VoidHand, state: HandState): Decision {
  const explanation = command.reason.trim();
  if (explanation === '')
    return reject('reason-required', RULES.void, 'a void says why the hand counts for nothing');
  return run(state, (em) => {
    em.emit({ type: 'HandVoided', schemaVersion: 1, data: { cause: 'ruling', explanation } });
    revealWall(em);
    return undefined;
  });
}

/** Seed 004: East places or turns the die once, after the deal and before the first discard, in a streak. */
function placeStreakDie(command: PlaceStreakDie, state: HandState): Decision {
  if (state.preset !== 'table-law')
    return reject('preset-not-supported', RULES.streakDie, `${state.preset} keeps no streak die`);
  if (command.seat !== 'E')
    return reject('no-streak-die', RULES.streakDie, `East places the die, not ${command.seat}`);
  if (state.repeats < 1)
    return reject('no-streak-die', RULES.streakDie, 'East has no streak: there is no die to place');
  if (state.diePlaced) return reject('no-streak-die', RULES.streakDie, 'East has placed the die already');
  if (eastHasDiscarded(state))
    return reject(
      'no-streak-die',
      RULES.streakDie,
      'East discarded the first tile without the die: this hand is played without it',
    );
  return run(state, (em) => {
    em.emit({ type: 'StreakDiePlaced', schemaVersion: 1, data: { seat: 'E', count: state.repeats } });
    return undefined;
  });
}

/** Seed 004: a referee charges an unshown concealed gong of the previous hand once East has discarded. */
function chargeUnshownGong(command: ChargeUnshownGong, state: HandState): Decision {
  const { seat } = command;
  if (state.preset !== 'table-law')
    return reject('preset-not-supported', RULES.unshownGong, `${state.preset} charges no unshown gong`);
  if (state.seats[seat] === undefined)
    return reject('table-mismatch', RULES.table, `${seat} is not at the table`);
  if (!eastHasDiscarded(state))
    return reject(
      'not-yet-charged',
      RULES.unshownGong,
      'an unshown concealed gong is charged once East discards the first tile',
    );
  if (state.unshownCharged.includes(seat))
    return reject('already-charged', RULES.unshownGong, `${seat}'s unshown gong is charged already`);
  return run(state, (em) => {
    immediatePayment(em, {
      kind: 'unshown-concealed-gong',
      id: `${state.stream}:unshown-concealed-gong-${seat}`,
      seat,
    });
    return undefined;
  });
}

function deadHand(state: HandState, seat: Seat, what: string): Decision | undefined {
  return state.deadHands.includes(seat)
    ? reject('dead-hand', RULES.deadHand, `${seat} holds too many or too few tiles and ${what}`)
    : undefined;
}

function declareDeadHand(command: DeclareDeadHand, state: HandState): Decision {
  const { seat, held } = command;
  if (state.preset !== 'table-law')
    return reject('preset-not-supported', RULES.deadHandOnly, `${state.preset} knows no dead hand`);
  if (state.seats[seat] === undefined)
    return reject('table-mismatch', RULES.table, `${seat} is not at the table`);
  const expected = handSize(seatHand(state, seat));
  if (!Number.isSafeInteger(held) || held < 0 || held === expected)
    return reject(
      'not-a-dead-hand',
      RULES.deadHandOnly,
      `${seat} should hold ${expected}: ${held} is no dead hand`,
    );
  if (state.deadHands.includes(seat))
    return reject('dead-hand', RULES.deadHand, `${seat}'s hand is already dead`);
  return run(state, (em) => {
    em.emit({ type: 'DeadHandDeclared', schemaVersion: 1, data: { seat, held, expected } });
    return undefined;
  });
}

function declareKong(command: DeclareKong, state: HandState): Decision {
  const { seat, tile, kind } = command;
  const refused = onTurn(state, seat);
  if (refused !== undefined) return { rejection: refused };
  const dead = deadHand(state, seat, 'declares no kong');
  if (dead !== undefined) return dead;
  if (state.phase.kind !== 'turn' || state.phase.drawn === undefined)
    return reject('not-after-draw', RULES.kong, `${seat} declares a kong after drawing, not after a claim`);
  if (wallRemaining(state) < 1)
    return reject('no-kong', RULES.kong, 'the wall has no tile left for the replacement');
  const hand = seatHand(state, seat);
  const held = Number.isInteger(tile) && tile >= 0 && tile < TILE_KINDS ? hand.concealed[tile]! : 0;
  if (kind === 'concealed' && held < 4)
    return reject('no-kong', RULES.kong, `${seat} holds ${held} ${showTile(tile)}, not four`);
  if (kind === 'added' && (held < 1 || !hand.melds.some((m) => m.kind === 'pung' && m.tile === tile)))
    return reject(
      'no-kong',
      RULES.kong,
      `${seat} has no exposed pong of ${showTile(tile)} and the fourth tile`,
    );
  return run(state, (em) => {
    em.emit({
      type: 'MeldDeclared',
      schemaVersion: 1,
      data: { kind: kind === 'concealed' ? 'concealed-kong' : 'added-kong', seat, tile },
    });
    const offer = kind === 'concealed' ? 'concealed-kong' : 'added-kong';
    return openWindow(em, seat, tile, offer, Date.parse(command.at));
  });
}

function run(state: HandState, step: (em: Emitter) => Rejection | undefined): Decision {
  const em = new Emitter(state);
  const rejection = step(em);
  return rejection === undefined ? { events: em.events } : { rejection };
}

function onTurn(state: HandState, seat: Seat): Rejection | undefined {
  const { phase } = state;
  if (phase.kind === 'claim-window')
    return reject('claim-window-open', RULES.window, 'a claim window is open').rejection;
  if (phase.kind !== 'turn' || phase.seat !== seat)
    return reject(
      'out-of-turn',
      RULES.turn,
      `it is ${phase.kind === 'turn' ? phase.seat : 'nobody'}'s turn, not ${seat}'s`,
    ).rejection;
  return undefined;
}

function discard(command: Discard, state: HandState): Decision {
  const { seat, tile } = command;
  const refused = onTurn(state, seat);
  if (refused !== undefined) return { rejection: refused };
  if (!Number.isInteger(tile) || tile < 0 || tile >= TILE_KINDS || seatHand(state, seat).concealed[tile]! < 1)
    return reject('tile-not-held', RULES.held, `${seat} holds no ${showTile(tile)}`);
  const holdBack = holdsBackWest(state, seat);
  if (holdBack && tile === WEST)
    return reject(
      'west-exception',
      RULES.westException,
      `three Wests were discarded in a row: ${seat} shows the fourth, keeps it and discards another tile`,
    );
  if (tile !== WEST && owesWest(state, seat))
    return reject(
      'west-owed',
      RULES.westOwed,
      `${seat} showed and kept the fourth West: this is its next round of turns, it discards the West`,
    );
  return run(state, (em) => {
    if (holdBack) payWestChase(em, seat);
    em.emit({ type: 'TileDiscarded', schemaVersion: 1, data: { seat, tile } });
    payChase(em);
    // Seed 003: the discard that fills a pond draws the hand. Read as the last discard (option `lastTile`,
    // 'pond' by default), it is first offered to wins alone, so that Winning on the Last Discard can happen.
    if (pondFull(em.state, seat) && lastTileReading(em.state) === 'wall') {
      const discards = seatHand(em.state, seat).discarded.length;
      handDrawn(em, { reason: 'pond-full', seat, discards });
      return undefined;
    }
    return openWindow(em, seat, tile, 'discard', Date.parse(command.at), pondFull(em.state, seat));
  });
}

function answer(command: MakeClaim | Pass, state: HandState): Decision {
  const window = windowOf(state);
  if (window === undefined) return reject('no-claim-window', RULES.claims, 'no claim window is open');
  const { seat } = command;
  // A win declared on a hand that is none, or by a dead hand, is a false win at once (issue 12): the hand is
  // void, so no claim of the window resolves.
  if (command.type === 'MakeClaim' && command.claim.claim === 'win') {
    const declared = falseClaim(state, window, seat);
    if (declared !== undefined)
      return run(state, (em) => {
        falseWin(em, seat, window.offer.tile, declared.why, declared.how);
        return undefined;
      });
  }
  if (command.type === 'MakeClaim') {
    const dead = deadHand(state, seat, 'claims nothing');
    if (dead !== undefined) return dead;
  }
  const entry = window.seats[seat];
  if (entry === undefined || !mustAnswer(entry))
    return reject('not-eligible', RULES.claims, `${seat} may claim nothing of this tile`);
  if (entry.answer !== undefined)
    return reject('already-answered', RULES.claims, `${seat} has answered this window`);
  if (command.type === 'MakeClaim') {
    const refused = claimRefused(command, entry, state);
    if (refused !== undefined) return { rejection: refused };
  }
  const decision = command.type === 'MakeClaim' ? command.claim : ('pass' as const);
  const late = Date.parse(command.at) > window.openedAtMs + window.deadlineMs;
  return run(state, (em) => {
    if (late)
      em.emit({ type: 'ClaimTimedOut', schemaVersion: 1, data: { seat, late: copyDecision(decision) } });
    else if (decision === 'pass') em.emit({ type: 'ClaimPassed', schemaVersion: 1, data: { seat } });
    else {
      em.emit({ type: 'ClaimMade', schemaVersion: 1, data: { seat, claim: copyClaim(decision) } });
      if (decision.claim === 'win' && command.type === 'MakeClaim' && command.handScore !== undefined)
        em.emit({
          type: 'ScoresDeclared',
          schemaVersion: 1,
          data: { scores: scoreSheet(state, seat, command) },
        });
    }
    return resolveIfAnswered(em, Date.parse(command.at));
  });
}

function claimRefused(command: MakeClaim, entry: WindowSeat, state: HandState): Rejection | undefined {
  const { seat, claim } = command;
  const { open } = entry;
  const no = (rule: string, message: string) => reject('claim-not-open', rule, message).rejection;
  switch (claim.claim) {
    case 'win':
      if (!open.win)
        return entry.barred === 'sacred-discard'
          ? no(RULES.sacred, `${seat} discarded a tile of their wait: no win on a discard`)
          : entry.barred === 'pass-lock'
            ? no(RULES.passLock, `${seat} passed a win and has not drawn since`)
            : no(RULES.win, `${seat} has no win on this tile`);
      if (takesDeclaredScore(state) && !isScore(command.handScore))
        return reject('score-required', RULES.declared, `${state.preset} needs the hand score with the win`)
          .rejection;
      return loserScoresRefused(state, seat, command)?.rejection;
    case 'kong':
      return open.kong ? undefined : no(RULES.claims, `${seat} may not kong this tile`);
    case 'pong':
      return open.pong ? undefined : no(RULES.claims, `${seat} may not pong this tile`);
    case 'chow': {
      const [a, b] = [...claim.tiles].sort((x, y) => x - y);
      if (open.chows.some(([x, y]) => Math.min(x, y) === a && Math.max(x, y) === b)) return undefined;
      return open.chows.length === 0
        ? no(RULES.chow, `${seat} may not chow this tile`)
        : no(RULES.chow, `${seat} holds no ${showTile(a!)}${showTile(b!)} to chow with`);
    }
  }
}

function selfDraw(command: DeclareSelfDraw, state: HandState): Decision {
  const { seat } = command;
  const refused = onTurn(state, seat);
  if (refused !== undefined) return { rejection: refused };
  const { phase } = state;
  const drawn = phase.kind === 'turn' ? phase.drawn : undefined;
  // A dead hand that declares a win makes a false Mahjong (seed 004), unless false wins are refused.
  const dead = deadDeclaration(state, seat);
  if (dead !== undefined && (drawn === undefined || falseWinOf(state) !== 'penalise'))
    return deadHand(state, seat, 'may not declare Mahjong')!;
  if (drawn === undefined)
    return reject('not-after-draw', RULES.selfDraw, `${seat} has not drawn: a claimed tile is no self-draw`);
  if (dead !== undefined)
    return run(state, (em) => {
      falseWin(em, seat, drawn, dead);
      return undefined;
    });
  const attempt = selfDrawAttempt(state, seat, drawn);
  // A false win is penalised or refused, as the ruleset's `falseWin` says (table law penalises, seed 004).
  const why = notAWin(state, attempt);
  if (why !== undefined && falseWinOf(state) === 'penalise')
    return run(state, (em) => {
      falseWin(em, seat, drawn, why);
      return undefined;
    });
  if (why !== undefined) return reject('not-a-win', RULES.win, why);
  if (takesDeclaredScore(state) && !isScore(command.handScore))
    return reject('score-required', RULES.declared, `${state.preset} needs the hand score with the win`);
  const loser = loserScoresRefused(state, seat, command);
  if (loser !== undefined) return loser;
  const scores =
    command.handScore !== undefined && takesDeclaredScore(state)
      ? scoreSheet(state, seat, command)
      : undefined;
  return run(state, (em) => winBySelfDraw(em, attempt, scores));
}

/** The winner's score, and in chinese-classical every loser's (seed 002). */
function scoreSheet(
  state: HandState,
  seat: Seat,
  command: MakeClaim | DeclareSelfDraw,
): Partial<Record<Seat, number>> {
  const own = { [seat]: command.handScore! };
  if (state.preset !== 'chinese-classical') return own;
  const losers = Object.fromEntries(
    seatsOf(state.seats)
      .filter((s) => s !== seat)
      .map((s) => [s, command.loserScores![s]!]),
  );
  return { ...losers, ...own };
}

/** chinese-classical needs every loser's final score with the win; no other preset takes them. */
function loserScoresRefused(
  state: HandState,
  seat: Seat,
  command: MakeClaim | DeclareSelfDraw,
): { rejection: Rejection } | undefined {
  const { loserScores } = command;
  if (state.preset !== 'chinese-classical')
    return loserScores === undefined
      ? undefined
      : reject('score-required', RULES.loserScores, `${state.preset} takes no loser scores`);
  const missing = seatsOf(state.seats).filter((s) => s !== seat && !isScore(loserScores?.[s]));
  return missing.length === 0
    ? undefined
    : reject(
        'score-required',
        RULES.loserScores,
        `chinese-classical needs the final score of ${missing.join(', ')}`,
      );
}

const isScore = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n >= 0;

const showTile = (t: number): string =>
  Number.isInteger(t) && t >= 0 && t < 42 ? formatTiles([t]) : String(t);

function copyDecision(decision: MakeClaim['claim'] | 'pass'): ClaimRecord | 'pass' {
  return decision === 'pass' ? 'pass' : copyClaim(decision);
}

type ClaimRecord = { claim: 'win' | 'kong' | 'pong' } | { claim: 'chow'; tiles: [number, number] };

function copyClaim(decision: MakeClaim['claim']): ClaimRecord {
  return decision.claim === 'chow'
    ? { claim: 'chow' as const, tiles: [decision.tiles[0], decision.tiles[1]] as [number, number] }
    : { claim: decision.claim };
}
