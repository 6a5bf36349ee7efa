// The seating cost's weights (DESIGN.md "The domain", tournament seating), and the history compiled into
// arrays indexed by player, so that the search prices a table in a few lookups.
import { SEATS } from '../../rules/seats.ts';
import { playersAt } from './cost.ts';
import type { PastRound } from './types.ts';

/** Per earlier meeting of a pair seated together again: a third meeting costs twice a second. */
export const W_REPEAT = 1000;
/** On top of W_REPEAT when the pair also met in the round just before: a repeat there costs 4× an older one. */
export const W_CONSECUTIVE = 3000;
/**
 * Per time a player sits a wind more often than their least-sat wind. Far below W_REPEAT: winds are balanced
 * among the tables that avoid repeats, never by seating a pair again.
 */
export const W_WIND = 10;

export interface CompiledHistory {
  /** W_REPEAT × earlier meetings, plus W_CONSECUTIVE if they met last round, at i × n + j and j × n + i. */
  readonly pairCost: Int32Array;
  /** Times each player sat at each wind, E S W N, four per player. */
  readonly winds: Int32Array;
}

/** The history of `players` (this round's, by index); players no longer playing, and substitutes, drop out. */
export function compileHistory(players: readonly string[], history: readonly PastRound[]): CompiledHistory {
  const n = players.length;
  const index = new Map(players.map((id, i) => [id, i]));
  const meetings = new Int32Array(n * n);
  const lastRound = new Uint8Array(n * n);
  const winds = new Int32Array(n * SEATS.length);
  history.forEach((round, r) => {
    const last = r === history.length - 1;
    for (const table of round.tables) {
      const seated = playersAt(table).flatMap(({ id, seat }) => {
        const i = index.get(id);
        return i === undefined ? [] : [{ i, seat }];
      });
      for (const { i, seat } of seated) winds[i * SEATS.length + seat]! += 1;
      for (const a of seated)
        for (const b of seated) {
          if (a.i === b.i) continue;
          meetings[a.i * n + b.i]! += 1;
          if (last) lastRound[a.i * n + b.i] = 1;
        }
    }
  });
  const pairCost = new Int32Array(n * n);
  for (let k = 0; k < n * n; k++)
    pairCost[k] = W_REPEAT * meetings[k]! + (lastRound[k] === 1 ? W_CONSECUTIVE : 0);
  return { pairCost, winds };
}
