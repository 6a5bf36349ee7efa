// The table as the scorer needs it: the next hand's seats (wind, player, name, points) from the API, and what
// the table's ruleset asks of an entry (tiles or a declared score, flowers, several winners on one discard,
// the losers' scores of Chinese Classical), read from the tournament's table.
import type { NextHand, Ruleset, Seat, Tournament } from './api.ts';

export interface SeatView {
  readonly seat: Seat;
  readonly playerId: string;
  readonly name: string;
  readonly score: number;
}

export interface TableView {
  readonly gameId: string;
  /** The hand to enter next; null once the game is over. */
  readonly hand: number | null;
  readonly over: boolean;
  readonly tournamentName: string | undefined;
  readonly round: number | null;
  readonly table: number | null;
  /** 'live' tables are played through the app: nothing is entered for them. */
  readonly recording: 'live' | 'entered' | null;
  readonly prevalentWind: Seat;
  readonly seats: readonly SeatView[];
  readonly preset: string;
  /** hu-mahjong scores the tiles by its pattern table; the other presets take a declared score. */
  readonly scoresTiles: boolean;
  readonly flowers: boolean;
  readonly severalWinners: boolean;
  readonly loserScores: boolean;
  readonly streakDie: boolean;
}

function rulesetOf(next: NextHand, tournament: Tournament | undefined): Pick<Ruleset, 'preset' | 'options'> {
  const table = tournament?.rounds.flatMap((r) => r.tables).find((t) => t.gameId === next.gameId);
  return (
    table?.ruleset ??
    tournament?.ruleset ?? { preset: (next.preset ?? 'hu-mahjong') as Ruleset['preset'], options: {} }
  );
}

export function tableView(next: NextHand, tournament: Tournament | undefined): TableView {
  const { preset, options } = rulesetOf(next, tournament);
  // Options unknown (the tournament not read yet): the preset's defaults.
  const known = Object.keys(options).length > 0;
  return {
    gameId: next.gameId,
    hand: next.hand,
    over: next.phase !== 'playing' || next.hand === null,
    tournamentName: tournament?.name,
    round: next.round,
    table: next.table,
    recording: next.recording,
    prevalentWind: next.prevalentWind,
    seats: next.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, score: s.points })),
    preset,
    scoresTiles: preset === 'hu-mahjong',
    flowers: preset === 'hu-mahjong' && options.flowers !== false,
    severalWinners: known ? 'multipleWinners' in options : preset !== 'chinese-classical',
    loserScores: preset === 'chinese-classical',
    streakDie: preset === 'table-law' && options.streakDie !== false,
  };
}
