// Players and scoring over HTTP, on a real SQLite event store: clubs; a name registered twice is flagged,
// never renamed; a CSV import lands whole or not at all, names its bad rows and fields, refuses ids taken and
// waits for a confirmation before registering a name twice; table points of any sign (uma); the list of
// tournaments a token may see.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../zod.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { tournamentStream } from '../../../domain/tournament/index.ts';
import { bearer } from '../testing.ts';
import { type Harness, type Reply, startHarness } from './tournament-spec.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const revisionOf = async (h: Harness, tournamentId: string) =>
  (await h.store.readStream(tournamentStream(tournamentId))).at(-1)?.revision ?? -1;

async function created(h: Harness, tournamentId: string, body: Record<string, unknown> = {}) {
  const reply = await h.post('/api/tournaments', {
    tournamentId,
    name: `Open ${tournamentId}`,
    preset: 'hu-mahjong',
    ...body,
  });
  if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** POST the CSV as text/csv, with the organizer's token. */
async function importCsv(h: Harness, tournamentId: string, csv: string, query = ''): Promise<Reply> {
  const response = await fetch(`${h.api.url}/api/tournaments/${tournamentId}/players/import${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8', ...bearer(h.organizer) },
    body: csv,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

const pathsOf = (reply: Reply): string[] => reply.body.errors.map((e: { path: string }) => e.path);

describe('registering players', () => {
  it('keeps a club; a name already registered is registered as given and flagged', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'clubs');
    const ana = await h.post('/api/tournaments/clubs/players', { name: 'Ana Lee', club: 'Kowloon MC' });
    expect(ana.status).toBe(201);
    expect(ana.body.events[0].data).toEqual({ playerId: 'ana-lee', name: 'Ana Lee', club: 'Kowloon MC' });
    expect(ana.body.duplicateNames).toEqual([]);
    const again = await h.post('/api/tournaments/clubs/players', { name: '  ana   LEE ' });
    expect(again.status).toBe(201);
    // Trimmed as every name is, otherwise kept as typed: never renamed.
    expect(again.body.events[0].data).toEqual({ playerId: 'ana-lee-2', name: 'ana   LEE' });
    expect(again.body.duplicateNames).toEqual([
      { name: 'ana   LEE', playerIds: ['ana-lee', 'ana-lee-2'], rows: [] },
    ]);
    const view = await h.get('/api/tournaments/clubs');
    expect(view.body.players[0]).toMatchObject({ playerId: 'ana-lee', club: 'Kowloon MC' });
    expect(view.body.players[1].club).toBeUndefined();
    const replaced = await h.post('/api/tournaments/clubs/players/ana-lee-2/replace', {
      replacement: { name: 'Bo', club: 'Shatin' },
      reason: 'registered twice',
    });
    expect(replaced.body.events[0].data.replacement).toEqual({ playerId: 'bo', name: 'Bo', club: 'Shatin' });
  });
});

describe('importing players from CSV', () => {
  it('given text/csv with headers in any case and order, blank rows and quoted cells, then every player, in file order', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'csv');
    const csv =
      '\uFEFFClub,NAME,Id\r\nKowloon MC,Ana Lee,a-1\r\n\r\n,"Lee, Bo",\r\n"Shatin",Cy Wong,\r\n,,\r\n';
    const imported = await importCsv(h, 'csv', csv);
    expect(imported.status).toBe(201);
    expect(imported.body.players).toEqual([
      { row: 2, playerId: 'a-1', name: 'Ana Lee', club: 'Kowloon MC' },
      { row: 4, playerId: 'lee-bo', name: 'Lee, Bo', club: null },
      { row: 5, playerId: 'cy-wong', name: 'Cy Wong', club: 'Shatin' },
    ]);
    expect(imported.body.events.map((e: { type: string }) => e.type)).toEqual([
      'PlayerRegistered',
      'PlayerRegistered',
      'PlayerRegistered',
    ]);
    expect(imported.body.duplicateNames).toEqual([]);
    expect(imported.headers.get('etag')).toBe(`"${await revisionOf(h, 'csv')}"`);
    expect(
      (await h.get('/api/tournaments/csv')).body.players.map((p: { playerId: string }) => p.playerId),
    ).toEqual(['a-1', 'lee-bo', 'cy-wong']);
    // The same list as JSON { csv } (what a client that only sends JSON does), to another tournament.
    await created(h, 'json');
    const json = await h.post('/api/tournaments/json/players/import', { csv: 'name\nDi\nEd' });
    expect(json.status).toBe(201);
    expect(json.body.players.map((p: { playerId: string }) => p.playerId)).toEqual(['di', 'ed']);
  });

  it('given bad rows, then 400 naming each row and field, and nothing written', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'bad-csv');
    const before = await revisionOf(h, 'bad-csv');
    const bad = await importCsv(
      h,
      'bad-csv',
      'name,id,club\nAna,ana,\n,bo,\nCy,ana,\nDi,substitute-2,\nEd,has space,\nFay,,x,extra\n',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid-request');
    expect(pathsOf(bad)).toEqual([
      'body.csv.3.name',
      'body.csv.4.id',
      'body.csv.5.id',
      'body.csv.6.id',
      'body.csv.7.file',
    ]);
    expect(bad.body.errors[1].message).toBe('ana is on row 2 too: each id once');
    const header = await importCsv(h, 'bad-csv', 'Name,Clubb\nAna,x\n');
    expect(pathsOf(header)).toEqual(['body.csv.1.header']);
    expect(header.body.errors[0].message).toContain('“Clubb”');
    expect(pathsOf(await importCsv(h, 'bad-csv', 'id,club\na,b\n'))).toEqual(['body.csv.1.header']);
    expect(pathsOf(await importCsv(h, 'bad-csv', 'name\n'))).toEqual(['body.csv.2.file']);
    expect(pathsOf(await importCsv(h, 'bad-csv', 'name\n"Ana\n'))).toEqual(['body.csv.2.file']);
    const noCsv = await h.post('/api/tournaments/bad-csv/players/import', { list: 'name\nAna' });
    expect(noCsv.status).toBe(400);
    expect(pathsOf(noCsv)).toEqual(['body.csv']);
    const nul = await importCsv(h, 'bad-csv', 'name\nAn\u0000a\n');
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('invalid-text');
    expect(await revisionOf(h, 'bad-csv')).toBe(before);
  });

  it('given an id already registered, then 409 player-exists naming its row, and nothing written', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'taken');
    await h.post('/api/tournaments/taken/players', { playerId: 'bo', name: 'Bo' });
    const before = await revisionOf(h, 'taken');
    const taken = await importCsv(h, 'taken', 'name,id\nAna,ana\nBo Two,bo\n');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'rejected', rejection: { code: 'player-exists' } });
    expect(pathsOf(taken)).toEqual(['body.csv.3.id']);
    expect(await revisionOf(h, 'taken')).toBe(before);
    expect((await importCsv(h, 'nowhere', 'name\nAna\n')).status).toBe(404);
  });

  it('given names already registered or twice in the file, then 409 listing them until allowDuplicateNames; a dry run writes nothing', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'dupes');
    await h.post('/api/tournaments/dupes/players', { name: 'Ana Lee' });
    const before = await revisionOf(h, 'dupes');
    const csv = 'name\nANA LEE\nBo\nCy\nbo\n';
    const refused = await importCsv(h, 'dupes', csv);
    expect(refused.status).toBe(409);
    expect(refused.body.rejection.code).toBe('duplicate-names');
    const expected = [
      { name: 'ANA LEE', playerIds: ['ana-lee', 'ana-lee-2'], rows: [2] },
      { name: 'Bo', playerIds: ['bo', 'bo-2'], rows: [3, 5] },
    ];
    expect(refused.body.duplicateNames).toEqual(expected);
    const dry = await importCsv(h, 'dupes', csv, '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, events: [], revision: before, duplicateNames: expected });
    expect(dry.body.players.map((p: { playerId: string }) => p.playerId)).toEqual([
      'ana-lee-2',
      'bo',
      'cy',
      'bo-2',
    ]);
    expect(await revisionOf(h, 'dupes')).toBe(before);
    const confirmed = await importCsv(h, 'dupes', csv, '?allowDuplicateNames=true');
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.duplicateNames).toEqual(expected);
    expect(confirmed.body.events.map((e: { data: { name: string } }) => e.data.name)).toEqual([
      'ANA LEE',
      'Bo',
      'Cy',
      'bo',
    ]);
    // The same file once more (imported twice by mistake): every name is flagged, nothing is written.
    const twice = await importCsv(h, 'dupes', csv);
    expect(twice.status).toBe(409);
    expect(twice.body.duplicateNames).toHaveLength(3);
  });

  it('given an Idempotency-Key, then a retried import is replayed, not registered twice', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'retry');
    const send = () =>
      h.post(
        '/api/tournaments/retry/players/import',
        { csv: 'name\nAna\nBo\n' },
        { headers: { 'idempotency-key': 'import-1' } },
      );
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await revisionOf(h, 'retry')).toBe(2);
  });

  it('is for organizers: a referee of the tournament gets 403', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'guard');
    const referee = await h.tokenFor({ role: 'referee', tournamentId: 'guard' });
    const refused = await h.post(
      '/api/tournaments/guard/players/import',
      { csv: 'name\nAna' },
      { token: referee },
    );
    expect(refused.status).toBe(403);
  });
});

describe('table points of any sign', () => {
  it('given uma 15, 5, -5, -15, then it is kept; a worse place earning more is 400 naming the value', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'uma', { scoring: { kind: 'table-points', values: [15, 5, -5, -15] } });
    expect((await h.get('/api/tournaments/uma')).body.scoring).toEqual({
      kind: 'table-points',
      values: [15, 5, -5, -15],
    });
    const rising = await h.post('/api/tournaments', {
      name: 'Rising',
      preset: 'hu-mahjong',
      scoring: { kind: 'table-points', values: [15, -5, 5, -15] },
    });
    expect(rising.status).toBe(400);
    expect(pathsOf(rising)).toEqual(['body.scoring.values.2']);
    const one = await h.post('/api/tournaments', {
      name: 'One',
      preset: 'hu-mahjong',
      scoring: { kind: 'table-points', values: [15] },
    });
    expect(pathsOf(one)).toEqual(['body.scoring.values']);
  });
});

describe('the list of tournaments', () => {
  it('given three tournaments, then a global organizer sees all, newest first; a bound organizer or referee its own', async () => {
    harness = await startHarness();
    const h = harness;
    await created(h, 'first');
    await created(h, 'second');
    await h.post('/api/tournaments/second/players', { name: 'Ana' });
    await h.post('/api/tournaments/second/players/ana/withdraw', { reason: 'ill' });
    await h.post('/api/tournaments/second/players', { name: 'Bo' });
    await h.post('/api/tournaments/second/rounds', {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 1 },
      minutes: 60,
    });
    const all = await h.get('/api/tournaments');
    expect(all.status).toBe(200);
    expect(all.body.tournaments.map((t: { tournamentId: string }) => t.tournamentId)).toEqual([
      'second',
      'first',
    ]);
    expect(all.body.tournaments[0]).toMatchObject({
      tournamentId: 'second',
      name: 'Open second',
      status: 'open',
      players: 2,
      activePlayers: 1,
      rounds: 1,
      currentRound: { round: 1, phase: 'scheduled' },
      revision: await revisionOf(h, 'second'),
    });
    expect(Date.parse(all.body.tournaments[0].createdAt)).not.toBeNaN();
    // One created since: the list reads only what came after.
    await created(h, 'third');
    expect((await h.get('/api/tournaments')).body.tournaments).toHaveLength(3);
    const bound = await h.tokenFor({ role: 'organizer', tournamentId: 'first' });
    const referee = await h.tokenFor({ role: 'referee', tournamentId: 'second' });
    expect(
      (await h.get('/api/tournaments', bound)).body.tournaments.map(
        (t: { tournamentId: string }) => t.tournamentId,
      ),
    ).toEqual(['first']);
    expect(
      (await h.get('/api/tournaments', referee)).body.tournaments.map(
        (t: { tournamentId: string }) => t.tournamentId,
      ),
    ).toEqual(['second']);
    const player = await h.tokenFor({ role: 'player', tournamentId: 'first', gameId: 'g', playerId: 'ana' });
    expect((await h.get('/api/tournaments', player)).status).toBe(403);
    expect((await h.get('/api/tournaments', null)).status).toBe(401);
  });
});
