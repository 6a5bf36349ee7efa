// Folds the game stream: the state decide needs, from the events alone.
import { SEATS } from '../../rules/seats.ts';
import type { GameEvent } from './events.ts';
import { type GameState, standingsOf } from './state.ts';

export function evolveGame(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'GameStarted': {
      const { data } = event;
      const players = [...data.players]
        .sort((a, b) => SEATS.indexOf(a.seat) - SEATS.indexOf(b.seat))
        .map((p) => p.playerId);
      return {
        ...state,
        phase: 'playing',
        gameId: data.gameId,
        preset: data.ruleset.preset,
        options: data.ruleset.options,
        players,
        startingPoints: data.startingPoints,
        end: data.end,
        scores: Object.fromEntries(players.map((p) => [p, data.startingPoints])),
      };
    }
    case 'HandRecorded': {
      const { data } = event;
      const { next } = data;
      return {
        ...state,
        hands: data.hand,
        handsCounted: state.handsCounted + (data.result.kind === 'voided' ? 0 : 1),
        scores: Object.fromEntries(data.scores.map((s) => [s.playerId, s.points])),
        kitty: data.kitty.after,
        deal:
          next === null
            ? state.deal
            : {
                dealer: state.players.indexOf(next.dealer),
                prevalentWind: next.prevalentWind,
                repeats: next.repeats,
                streak: next.streak,
              },
      };
    }
    case 'HandResultCorrected': {
      const scores = event.data.scores;
      return {
        ...state,
        scores: Object.fromEntries(scores.map((s) => [s.playerId, s.points])),
        standings: state.phase === 'finished' ? standingsOf(scores) : state.standings,
      };
    }
    case 'GameFinished': {
      const scores = event.data.scores;
      return {
        ...state,
        phase: 'finished',
        scores: Object.fromEntries(scores.map((s) => [s.playerId, s.points])),
        kitty: 0,
        standings: standingsOf(scores),
      };
    }
  }
}
