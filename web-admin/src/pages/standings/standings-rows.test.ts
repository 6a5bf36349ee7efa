// Given the API's standings and the tournament, then rows with clubs, penalties and shared places ("=2");
// filters hide rows without re-ranking; the CSV quotes what needs quoting and defuses formulas.
import { describe, expect, it } from 'vitest';
import { csvCell, standingsCsv } from './standings-csv.ts';
import type { StandingRow } from './standings-data.ts';
import { type ClubsAndPenalties, clubsOf, filterRows, placeLabel, rowsOf } from './standings-rows.ts';

const row = (playerId: string, name: string, place: number, points: number): StandingRow => ({
  playerId,
  name,
  place,
  points,
  tablePoints: 0,
  games: 1,
  withdrawn: false,
});

const STANDINGS = [row('ana', 'Ana Lee', 1, 300), row('bo', 'Bo, "B" Chen', 2, 0), row('cy', '=cmd', 2, 0)];
const TOURNAMENT: ClubsAndPenalties = {
  players: [{ playerId: 'ana', club: 'Kowloon' }, { playerId: 'bo', club: 'Taipa' }, { playerId: 'cy' }],
  penalties: [
    { playerId: 'bo', points: 100, status: 'active' },
    { playerId: 'bo', points: 50, status: 'cancelled' },
  ],
};

describe('standings rows', () => {
  const rows = rowsOf(STANDINGS, TOURNAMENT);

  it('given tied places, then "=2" for each, and clubs and penalties in force beside', () => {
    expect(rows.map(placeLabel)).toEqual(['1', '=2', '=2']);
    expect(rows.map((r) => [r.club, r.penalties])).toEqual([
      ['Kowloon', 0],
      ['Taipa', 100],
      [undefined, 0],
    ]);
    expect(clubsOf(rows)).toEqual(['Kowloon', 'Taipa']);
  });

  it('given a filter, then rows are hidden and places kept', () => {
    expect(filterRows(rows, { search: 'CHEN', club: undefined }).map(placeLabel)).toEqual(['=2']);
    expect(filterRows(rows, { search: '', club: 'Kowloon' }).map((r) => r.playerId)).toEqual(['ana']);
  });

  it('given names with commas, quotes and a formula, then the CSV quotes them and defuses the formula', () => {
    expect(csvCell('=cmd')).toBe("'=cmd");
    expect(csvCell(-100)).toBe('-100');
    const lines = standingsCsv(rows).trimEnd().split('\r\n');
    expect(lines[0]).toBe('place,shared,playerId,name,club,points,tablePoints,penaltyPoints,games,withdrawn');
    expect(lines[2]).toBe('2,true,bo,"Bo, ""B"" Chen",Taipa,0,0,100,1,false');
    expect(lines[3]).toBe("2,true,cy,'=cmd,,0,0,0,1,false");
  });
});
