// A hand played live (HandStarted first): its events folded by the hand aggregate's own evolve, the amended
// ruleset put in the state right after HandStarted so that every later step reads it, up to the moment the
// settlement was decided; then the very step that settled it runs again on that state: the claim window's
// arbitration (a discard win or a robbed kong: the claims recorded are arbitrated again, so a new
// multipleWinners policy may make more or fewer winners), the self-drawn win with its recorded score sheet, or
// the exhaustive draw (hu-mahjong's ready-hand payment). Only its HandSettled is kept: the course of play, the
// wins declared and the wall stay as recorded.
//
// Penalties (PenaltyAssessed) and immediate payments (ImmediatePayment: table law's chasing, dice triples,
// gongs) are no part of the settlement: they were paid when they happened and stand as they are.
import type { Ruleset } from '../../rules/rulesets/index.ts';
import type { PlayEvent } from '../events.ts';
import { handDrawn } from '../hand/draw.ts';
import { Emitter } from '../hand/emitter.ts';
import { evolve } from '../hand/evolve.ts';
import { type HandState, initialHandState } from '../hand/state.ts';
import { selfDrawAttempt, winBySelfDraw } from '../hand/win.ts';
import { resolveWindow, windowOf } from '../hand/window.ts';
import { noSettlement, type Resettled, refused, settledBy } from './resettled.ts';
import { frameOf, mismatch } from './rules.ts';

export function resettleLive(events: readonly PlayEvent[], ruleset: Ruleset): Resettled {
  let state: HandState = initialHandState;
  for (const [index, event] of events.entries()) {
    switch (event.type) {
      case 'HandStarted': {
        state = evolve(state, event);
        const wrong = mismatch(state.preset, state.players, ruleset);
        if (wrong !== undefined) return refused(wrong);
        state = { ...state, ...frameOf(ruleset) };
        continue;
      }
      case 'ClaimResolved': {
        const window = windowOf(state);
        if (event.data.outcome !== 'win' || window === undefined) break;
        const em = new Emitter(state);
        const rejection = resolveWindow(em, window);
        return settledBy(em.events, rejection);
      }
      // A self-drawn win (a discard or robbing win returned at its ClaimResolved), with the declarer's score
      // sheet where the preset takes declared scores.
      case 'WinDeclared': {
        if (event.data.by !== 'self-draw') break;
        const { seat, tile } = event.data;
        const next = events[index + 1];
        const scores = next?.type === 'ScoresDeclared' ? next.data.scores : undefined;
        const em = new Emitter(state);
        const rejection = winBySelfDraw(em, selfDrawAttempt(state, seat, tile), scores);
        return settledBy(em.events, rejection);
      }
      case 'HandDrawn': {
        if (state.preset !== 'hu-mahjong')
          return noSettlement('drawn', `a drawn ${String(state.preset)} hand pays nothing`);
        const em = new Emitter(state);
        handDrawn(em, event.data);
        return settledBy(em.events, undefined);
      }
      case 'HandVoided':
        return noSettlement('voided', `the hand was voided (${event.data.cause}): ${event.data.explanation}`);
      default:
        break;
    }
    state = evolve(state, event);
  }
  return noSettlement(
    'unfinished',
    state.preset === undefined ? 'the hand has not started' : `the hand is not over (${state.phase.kind})`,
  );
}
