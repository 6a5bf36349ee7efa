// Security: the record cannot be rewritten unseen (issue 9, "Immutability that holds").
// - SQLite: REPLACE / upsert / UPDATE / DELETE on the events table are refused from a raw connection on the
//   real file, one that set no pragma.
// - A settlement rewritten in a copy of the file, with the triggers dropped and the stream's hashes
//   recomputed from there on, keeps every chain intact (plain `verify` passes), and is caught by
//   `verify --export` against an export made before, and by comparing that export with one made after.
//   The CLI runs for real: `node --import tsx services/cli.ts …` in a temp DATA_DIR.
// - PostgreSQL: the application role the store runs as may not UPDATE, DELETE, TRUNCATE, upsert, disable or
//   drop a trigger, or set session_replication_role; an append through the store works.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '../../services/eventstore/event-store.contract.ts';
import { eventHash, verifyChain } from '../../services/eventstore/hash-chain.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { postgresUrl } from '../support/services.ts';

const root = resolve(import.meta.dirname, '../..');
const SEED = 'immutability';
const TOURNAMENT = `demo-${SEED}`;
const HAND = `hand-${TOURNAMENT}-r1-t1-1`;

function cli(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', KURRENTDB_URL: '', AUDIT_KEY: '', AUDIT_KEY_FILE: '', ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let dir: string;
let original: string;
let before: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-security-immutability-'));
  original = join(dir, 'original');
  before = join(dir, 'before.json');
  // One table of four bots, one hand: a tournament stream, a game stream and a hand stream.
  const demo = cli(['demo', '--players', '4', '--rounds', '1', '--hands', '1', '--seed', SEED], {
    DATA_DIR: original,
  });
  if (demo.status !== 0) throw new Error(`demo failed: ${demo.stderr}`);
  const exported = cli(['export', '--tournament', TOURNAMENT, '--what', 'audit', '--out', before], {
    DATA_DIR: original,
  });
  if (exported.status !== 0) throw new Error(`export failed: ${exported.stderr}`);
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  previous_hash: string;
  hash: string;
}

describe('SQLite: the events table refuses rewrites from any connection', () => {
  const COLUMNS =
    'stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash';
  const forged = (stream: string, revision: number, id: string) =>
    `'${stream}', ${revision}, '${id}', 'HandSettled', 1, '{"transfers":[{"from":"S","to":"E","points":91000}]}', '{}', '2026-01-01T00:00:00.000Z', '', 'forged'`;

  it.each([
    [
      'REPLACE INTO at the settlement’s stream and revision',
      (r: Row) => `REPLACE INTO events (${COLUMNS}) VALUES (${forged(r.stream, r.revision, 'forged-id')})`,
    ],
    [
      'INSERT OR REPLACE with the settlement’s id',
      (r: Row) => `INSERT OR REPLACE INTO events (${COLUMNS}) VALUES (${forged('other', 0, r.id)})`,
    ],
    [
      'INSERT OR REPLACE at the settlement’s position',
      (r: Row) =>
        `INSERT OR REPLACE INTO events (position, ${COLUMNS}) VALUES (${r.position}, ${forged('other', 0, 'forged-id')})`,
    ],
    [
      'an upsert onto the settlement',
      (r: Row) =>
        `INSERT INTO events (${COLUMNS}) VALUES (${forged(r.stream, r.revision, r.id)}) ON CONFLICT (id) DO UPDATE SET data = excluded.data, hash = excluded.hash`,
    ],
    [
      'UPDATE of the settlement',
      (r: Row) => `UPDATE events SET data = '{"transfers":[]}' WHERE position = ${r.position}`,
    ],
    ['DELETE of the settlement', (r: Row) => `DELETE FROM events WHERE position = ${r.position}`],
  ])(
    'given the server’s file, when a raw connection runs %s, then it is refused and the event stands',
    (_, statement) => {
      const raw = new Database(join(original, 'events.db'));
      try {
        const settlement = raw
          .prepare<[string], Row>(`SELECT * FROM events WHERE stream = ? AND type = 'HandSettled'`)
          .get(HAND)!;
        const count = raw.prepare('SELECT count(*) FROM events').pluck().get();

        expect(() => raw.exec(statement(settlement))).toThrow(/events are immutable/);

        expect(raw.prepare('SELECT * FROM events WHERE position = ?').get(settlement.position)).toEqual(
          settlement,
        );
        expect(raw.prepare('SELECT count(*) FROM events').pluck().get()).toBe(count);
      } finally {
        raw.close();
      }
    },
  );
});

describe('verify, run as the CLI', () => {
  const keyFile = () => join(original, 'audit.key');

  it('given the untouched store, then verify exits 0 and says how many streams and events it checked', () => {
    const raw = new Database(join(original, 'events.db'), { readonly: true });
    const { streams, events } = raw
      .prepare('SELECT count(DISTINCT stream) AS streams, count(*) AS events FROM events')
      .get() as { streams: number; events: number };
    raw.close();

    const run = cli(['verify'], { DATA_DIR: original });

    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(streams).toBe(3);
    expect(run.stdout).toContain(`checked ${streams} streams, ${events} events`);
    expect(run.stdout).toContain('OK: everything holds');
  });

  it('given the export made before, against the untouched store, then it exits 0: the signature is valid', () => {
    const run = cli(['verify', '--export', before, '--json'], { DATA_DIR: original });

    expect(run.status, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ ok: true, mismatches: [] });
    expect(report.exports).toEqual([
      expect.objectContaining({ signature: 'valid', tournamentId: TOURNAMENT }),
    ]);
    expect(report.checked.streams).toBe(3);
  });

  it('given the export, then it names its key by id and never holds it; the key file is 0600', () => {
    const key = readFileSync(keyFile(), 'utf8').trim();
    const audit = JSON.parse(readFileSync(before, 'utf8'));

    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(before, 'utf8')).not.toContain(key);
    expect(audit.signature).toEqual({
      algorithm: 'HMAC-SHA256',
      keyId: createHash('sha256').update(key).digest('hex').slice(0, 16),
      value: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(audit.chains.map((c: { stream: string }) => c.stream)).toEqual([
      `tournament-${TOURNAMENT}`,
      `game-${TOURNAMENT}-r1-t1`,
      HAND,
    ]);
  });

  describe('given a settlement changed by 90,000 points in a copy, its stream’s hashes recomputed from there on', () => {
    let copy: string;
    let revision: number;

    beforeAll(() => {
      copy = join(dir, 'copy');
      mkdirSync(copy);
      const source = new Database(join(original, 'events.db'), { readonly: true });
      source.exec(`VACUUM INTO '${join(copy, 'events.db')}'`);
      source.close();

      const raw = new Database(join(copy, 'events.db'));
      raw.exec('DROP TRIGGER events_refuse_update');
      const rows = raw
        .prepare<[string], Row>('SELECT * FROM events WHERE stream = ? ORDER BY revision')
        .all(HAND);
      const settlement = rows.find((r) => r.type === 'HandSettled')!;
      revision = settlement.revision;
      const data = JSON.parse(settlement.data) as { transfers: { points: number }[] };
      data.transfers[0]!.points += 90_000;
      const rewrite = raw.prepare(
        'UPDATE events SET data = ?, previous_hash = ?, hash = ? WHERE position = ?',
      );
      let previousHash = rows[revision - 1]!.hash;
      for (const row of rows.slice(revision)) {
        const content = row.revision === revision ? JSON.stringify(data) : row.data;
        const hash = eventHash(
          row.stream,
          row.revision,
          {
            id: row.id,
            type: row.type,
            schemaVersion: row.schema_version,
            data: JSON.parse(content),
            metadata: JSON.parse(row.metadata),
          },
          previousHash,
        );
        rewrite.run(content, previousHash, hash, row.position);
        previousHash = hash;
      }
      raw.close();
    });

    it('then every chain of the copy still holds: verify of the store alone exits 0', () => {
      const run = cli(['verify'], { DATA_DIR: copy });

      expect(run.status, run.stdout).toBe(0);
      expect(run.stdout).toContain('checked 3 streams');
    });

    it('then verify --export of the earlier export exits 1 naming the hand stream, the revision and the hash', () => {
      const run = cli(['verify', '--export', before], { DATA_DIR: copy, AUDIT_KEY_FILE: keyFile() });

      expect(run.status, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain('signature valid');
      expect(run.stdout).toMatch(
        new RegExp(
          `MISMATCH stream ${HAND} revision ${revision}: hash differs \\(the export [0-9a-f]{16}…, the store [0-9a-f]{16}…\\)`,
        ),
      );
      expect(run.stdout).toContain('and 1 later events differ');
      expect(run.stdout).toContain('FAILED: 1 mismatch');
    });

    it('then an export signed after the rewrite, compared with the one before, exits 1 at the same revision', () => {
      const after = join(dir, 'after.json');
      const exported = cli(['export', '--tournament', TOURNAMENT, '--what', 'audit', '--out', after], {
        DATA_DIR: copy,
        AUDIT_KEY_FILE: keyFile(),
      });
      expect(exported.status, exported.stderr).toBe(0);
      // The rewrite fools the export's own check: every chain it sees holds.
      expect(exported.stderr).toContain('3/3 streams verified');

      const run = cli(['verify', '--export', after, '--export', before, '--json'], {
        DATA_DIR: copy,
        AUDIT_KEY_FILE: keyFile(),
      });

      expect(run.status, run.stdout + run.stderr).toBe(1);
      const report = JSON.parse(run.stdout);
      expect(report.exports.map((e: { signature: string }) => e.signature)).toEqual(['valid', 'valid']);
      expect(report.mismatches).toEqual([
        {
          stream: HAND,
          revision,
          what: expect.stringMatching(
            /^hash differs \(the earlier export .*before\.json\) .*; and 1 later events differ$/,
          ),
        },
      ]);
    });

    it('then the earlier export edited to the rewritten hashes fails its signature: exit 1', () => {
      const audit = JSON.parse(readFileSync(before, 'utf8'));
      const raw = new Database(join(copy, 'events.db'), { readonly: true });
      const chain = audit.chains.find((c: { stream: string }) => c.stream === HAND);
      for (const link of chain.links) {
        const row = raw
          .prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision = ?')
          .get(HAND, link.revision)!;
        link.previousHash = row.previous_hash;
        link.hash = row.hash;
      }
      chain.head.hash = chain.links.at(-1).hash;
      raw.close();
      const edited = join(dir, 'edited.json');
      writeFileSync(edited, JSON.stringify(audit));

      const run = cli(['verify', '--export', edited], { DATA_DIR: copy, AUDIT_KEY_FILE: keyFile() });

      expect(run.status, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain(
        `MISMATCH export ${edited}: the signature does not match the content: the export was changed after signing`,
      );
      expect(run.stdout).toContain('FAILED: 1 mismatch');
    });
  });

  it('given another key, then the export is not taken as signed: exit 1 naming both key ids', () => {
    const run = cli(['verify', '--export', before], { DATA_DIR: original, AUDIT_KEY: 'x'.repeat(40) });

    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /signed with key [0-9a-f]{16}, not with the configured key [0-9a-f]{16} \(AUDIT_KEY\)/,
    );
  });

  it.each([
    ['a missing file', () => ['verify', '--export', join(dir, 'missing.json')], /cannot read/],
    [
      'a file that is not an export',
      () => ['verify', '--export', join(original, 'audit.key')],
      /is not JSON/,
    ],
    [
      'JSON that is not an audit export',
      () => ['verify', '--export', writeJson('{"tournamentId":"x"}')],
      /is not a signed audit export/,
    ],
    [
      'three exports',
      () => ['verify', '--export', before, '--export', before, '--export', before],
      /at most two/,
    ],
  ])('given %s, then verify exits 2 naming --export', (_, args, message) => {
    const run = cli(args(), { DATA_DIR: original });

    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'invalid-input', field: '--export' });
    expect(run.stderr).toMatch(message);
  });

  it('given an unknown flag, or no store in DATA_DIR, then verify exits 2', () => {
    expect(cli(['verify', '--bogus'], { DATA_DIR: original }).status).toBe(2);
    const empty = cli(['verify'], { DATA_DIR: join(dir, 'nothing-here') });
    expect(empty.status).toBe(2);
    expect(JSON.parse(empty.stdout).error).toMatchObject({ field: 'DATA_DIR' });
  });

  function writeJson(text: string): string {
    const file = join(dir, `${randomBytes(4).toString('hex')}.json`);
    writeFileSync(file, text);
    return file;
  }
});

const url = await postgresUrl();

// postgresUrl() printed why when there is no server to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(url === undefined)('PostgreSQL: the application role cannot rewrite events', () => {
  if (url === undefined) return;
  const schema = `sec_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const role = `sec_app_${process.pid}_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let asRole: pg.Client;

  beforeAll(async () => {
    const store = await openPostgresEventStore(url, { schema, appRole: role });
    await store.append('hand-g-1', [event('a'), event('b')], 'no-stream');
    await store.close();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A login of its own, so that the session cannot SET ROLE back to the owner either.
    await admin.query(`ALTER ROLE ${role} LOGIN`);
    const login = new URL(url);
    login.username = role;
    asRole = new pg.Client({ connectionString: login.toString() });
    await asRole.connect();
    await asRole.query(`SET search_path TO ${schema}`);
  });

  afterAll(async () => {
    await asRole?.end();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP OWNED BY ${role}`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it.each([
    [
      'UPDATE',
      `UPDATE events SET data = '{"points":90000}' WHERE id = 'b'`,
      /permission denied for table events/,
    ],
    ['DELETE', `DELETE FROM events WHERE id = 'b'`, /permission denied for table events/],
    ['TRUNCATE', 'TRUNCATE events', /permission denied for table events/],
    [
      'INSERT … ON CONFLICT DO UPDATE',
      `INSERT INTO events (position, stream, revision, id, type, schema_version, data, metadata, previous_hash, hash)
       VALUES (2, 'hand-g-1', 1, 'b', 'TestEvent', 1, '{}', '{}', '', '') ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
      /permission denied for table events/,
    ],
    [
      'ALTER TABLE … DISABLE TRIGGER',
      'ALTER TABLE events DISABLE TRIGGER events_refuse_update',
      /must be owner of table events/,
    ],
    [
      'DROP TRIGGER',
      'DROP TRIGGER events_refuse_update ON events',
      /must be owner of (table|relation) events/,
    ],
    [
      'replacing the trigger function',
      `CREATE OR REPLACE FUNCTION refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      /must be owner of function refuse_event_change|permission denied for schema/,
    ],
    [
      'SET session_replication_role = replica',
      'SET session_replication_role = replica',
      /permission denied to set parameter "session_replication_role"/,
    ],
    ['SET ROLE to the owner', 'SET ROLE postgres', /permission denied to set role "postgres"/],
  ])(
    'given a connection as the role, when it runs %s, then it is refused and the events stand',
    async (_, statement, refusal) => {
      await expect(asRole.query(statement)).rejects.toThrow(refusal);

      const { rows } = await admin.query(`SELECT id, data FROM ${schema}.events ORDER BY position`);
      expect(rows).toEqual([
        { id: 'a', data: { id: 'a' } },
        { id: 'b', data: { id: 'b' } },
      ]);
    },
  );

  it('given the store running as the role, when it appends a new event, then it is stored on the chain', async () => {
    const store = await openPostgresEventStore(url, { schema, appRole: role });
    try {
      expect(await store.append('hand-g-1', [event('c')], 1)).toMatchObject({
        nextExpectedRevision: 2,
        position: 3n,
      });
      const stream = await store.readStream('hand-g-1');
      expect(stream.map((e) => e.id)).toEqual(['a', 'b', 'c']);
      expect(verifyChain(stream)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
