// The score command as a user runs it: `npm run -s cli -- score FILE` (here node with tsx directly), exit
// statuses and output of spec/score-contract.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function cli(args: string[], stdin?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    input: stdin,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('mahjong-ledger score', () => {
  it('given the seed 003 example file, when scored, then it prints the contract output and exits 0', () => {
    const run = cli(['score', 'examples/hu-mahjong-6100-discard.json']);
    expect(run.status).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output.winners[0].handScore).toBe(6100);
    expect(output.deltas).toEqual({ E: 0, S: 18300, W: 0, N: -18300 });
  });

  it('reads standard input for -', () => {
    const request = {
      ruleset: 'hu-mahjong',
      winType: 'self-draw',
      claims: [
        { seat: 'S', hand: '123s123p789p9p', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
      ],
    };
    const run = cli(['score', '-'], JSON.stringify(request));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).deltas).toEqual({ E: -6100, S: 18300, W: -6100, N: -6100 });
  });

  it('exits 2 naming the field for input that does not fit the schema', () => {
    const run = cli(
      ['score', '-'],
      JSON.stringify({ ruleset: 'hu-mahjong', winType: 'discard', from: 'N', claims: [] }),
    );
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'invalid-input', field: 'claims' });
    expect(run.stderr).toContain('claims');
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('exits 2 for text that is not JSON, and for a file that does not exist', () => {
    expect(cli(['score', '-'], '{ruleset:').status).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'ml-cli-'));
    const missing = cli(['score', join(dir, 'absent.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('absent.json');
  });

  it('exits 3 with not-a-win on standard output for a claim that is no winning hand', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ml-cli-'));
    const file = join(dir, 'false-win.json');
    writeFileSync(
      file,
      JSON.stringify({
        ruleset: 'hu-mahjong',
        winType: 'discard',
        from: 'E',
        claims: [{ seat: 'W', hand: '123m456p789s1234z', winningTile: '5z' }],
      }),
    );
    const run = cli(['score', file]);
    expect(run.status).toBe(3);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'not-a-win', seat: 'W' });
  });

  it('scores every preset: the Four Seas score-priority row of the spec', () => {
    const request = {
      ruleset: 'four-seas',
      winType: 'discard',
      from: 'N',
      claims: [
        { seat: 'E', handScore: 30 },
        { seat: 'S', handScore: 45 },
      ],
    };
    const run = cli(['score', '-'], JSON.stringify(request));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).deltas).toEqual({ E: 120, S: 60, W: -45, N: -135 });
  });

  it('exits 2 for a negative declared score, naming it', () => {
    const request = {
      ruleset: 'mahjong-house',
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'S', handScore: -8 }],
    };
    const run = cli(['score', '-'], JSON.stringify(request));
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({
      code: 'invalid-input',
      field: 'claims[0].handScore',
    });
  });

  it('exits 2 for an unknown command', () => {
    expect(cli(['referee']).status).toBe(2);
  });
});

// `play FILE`: the table scripts of docs/table-script.md, run as a referee runs them.
describe('mahjong-ledger play', () => {
  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  const typesOf = (out: { type?: string }[]) => out.map((line) => line.type ?? 'rejection');
  /** Points won and lost per seat from the settlement's transfers. */
  const deltasOf = (settled: { data: { transfers: { from: string; to: string; points: number }[] } }) => {
    const deltas: Record<string, number> = { E: 0, S: 0, W: 0, N: 0 };
    for (const t of settled.data.transfers) {
      deltas[t.from]! -= t.points;
      deltas[t.to]! += t.points;
    }
    return deltas;
  };

  it('plays a hu-mahjong hand to a discard win and ends with the settlement and the wall', () => {
    const run = cli(['play', 'examples/play-hu-mahjong-discard-win.json']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const out = lines(run.stdout);
    expect(typesOf(out)).toEqual([
      'HandStarted',
      'TilesDealt',
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimMade',
      'ClaimResolved',
      'WinDeclared',
      'HandSettled',
      'WallRevealed',
    ]);
    const settled = out[7];
    expect(settled.data.winners).toEqual([{ seat: 'S', handScore: 2500, effectiveScore: 2500 }]);
    expect(deltasOf(settled)).toEqual({ E: -7500, S: 7500, W: 0, N: 0 });
  });

  it('plays seed 001’s pong: N’s pong outranks S’s chow, and after N’s discard E draws (S and W skipped)', () => {
    const run = cli(['play', 'examples/play-seed-001-pong.json']);
    expect(run.status).toBe(0);
    const out = lines(run.stdout);
    expect(typesOf(out)).toEqual([
      'HandStarted',
      'TilesDealt',
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimMade',
      'ClaimMade',
      'ClaimResolved',
      'MeldDeclared',
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimResolved',
      'TileDrawn',
    ]);
    expect(out[6].data).toMatchObject({ outcome: 'meld', seat: 'N', claim: 'pong' });
    expect(out[6].data.lapsed).toMatchObject([{ seat: 'S', reason: 'pong outranks chow' }]);
    expect(out[11].data).toMatchObject({ seat: 'E', source: 'live' });
  });

  it('stops at a discard out of turn: the events before it, then the rejection, exit 4', () => {
    const run = cli(['play', 'examples/play-discard-out-of-turn.json']);
    expect(run.status).toBe(4);
    const out = lines(run.stdout);
    expect(typesOf(out)).toEqual([
      'HandStarted',
      'TilesDealt',
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimPassed',
      'ClaimPassed',
      'ClaimResolved',
      'TileDrawn',
      'rejection',
    ]);
    expect(out.at(-1)).toEqual({
      rejection: {
        code: 'out-of-turn',
        rule: expect.stringContaining('turn order'),
        message: "it is S's turn, not W's",
        step: 4,
      },
    });
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('step 4');
  });

  it('plays seed 002’s chinese-classical win: N 192, E 2, S 46, W 12 settle E −492, S −70, W −206, N +768', () => {
    const run = cli(['play', 'examples/play-chinese-classical-loser-scores.json']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const out = lines(run.stdout);
    expect(typesOf(out)).toEqual([
      'HandStarted',
      'TilesDealt',
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimMade',
      'ScoresDeclared',
      'ClaimResolved',
      'WinDeclared',
      'HandSettled',
      'WallRevealed',
    ]);
    expect(out[5].data.scores).toEqual({ E: 2, S: 46, W: 12, N: 192 });
    const settled = out[8];
    expect(settled.data.winners).toEqual([{ seat: 'N', handScore: 192, effectiveScore: 192 }]);
    expect(deltasOf(settled)).toEqual({ E: -492, S: -70, W: -206, N: 768 });
  });

  it('refuses a chinese-classical win without loserScores, and names a misplaced loserScores field', () => {
    const script = JSON.parse(
      readFileSync(join(root, 'examples/play-chinese-classical-loser-scores.json'), 'utf8'),
    );
    const { loserScores: _, ...bare } = script.actions[1];
    const missing = cli(['play', '-'], JSON.stringify({ ...script, actions: [script.actions[0], bare] }));
    expect(missing.status).toBe(4);
    expect(lines(missing.stdout).at(-1).rejection).toMatchObject({ code: 'score-required', step: 2 });
    const onPass = { at: 2000, seat: 'N', action: 'pass', loserScores: { E: 2 } };
    const badPass = cli(['play', '-'], JSON.stringify({ ...script, actions: [script.actions[0], onPass] }));
    expect(badPass.status).toBe(2);
    expect(JSON.parse(badPass.stdout).error.field).toBe('actions[1].loserScores');
    const onPong = structuredClone(script);
    onPong.actions[1].claim = 'pong';
    expect(JSON.parse(cli(['play', '-'], JSON.stringify(onPong)).stdout).error.field).toBe(
      'actions[1].handScore',
    );
    const badScore = structuredClone(script);
    badScore.actions[1].loserScores.S = -4;
    expect(JSON.parse(cli(['play', '-'], JSON.stringify(badScore)).stdout).error.field).toBe(
      'actions[1].loserScores.S',
    );
  });

  it('plays a referee’s dead-hand declaration under table-law: a wrong count stands, the true count is refused', () => {
    const script = JSON.parse(
      readFileSync(join(root, 'examples/play-chinese-classical-loser-scores.json'), 'utf8'),
    );
    script.ruleset = { preset: 'table-law' };
    script.actions = [{ at: 500, seat: 'S', action: 'dead-hand', held: 12 }];
    const run = cli(['play', '-'], JSON.stringify(script));
    expect(run.status).toBe(0);
    expect(lines(run.stdout).at(-1)).toMatchObject({ type: 'DeadHandDeclared', data: { seat: 'S' } });
    script.actions = [{ at: 500, seat: 'S', action: 'dead-hand', held: 13 }];
    const refused = cli(['play', '-'], JSON.stringify(script));
    expect(refused.status).toBe(4);
    expect(lines(refused.stdout).at(-1).rejection).toMatchObject({ code: 'not-a-dead-hand', step: 1 });
    script.actions = [{ at: 500, seat: 'S', action: 'dead-hand' }];
    expect(JSON.parse(cli(['play', '-'], JSON.stringify(script)).stdout).error.field).toBe('actions[0].held');
  });

  it('adds the tiles in compact notation beside the event with --notation, leaving the event as emitted', () => {
    const plain = lines(cli(['play', 'examples/play-seed-001-pong.json']).stdout);
    const shown = lines(cli(['play', '--notation', 'examples/play-seed-001-pong.json']).stdout);
    expect(shown.map(({ notation: _, ...event }) => event)).toEqual(plain);
    expect(shown[1].notation.hands.S).toBe('12m456789p23456s');
    expect(shown[7]).toMatchObject({ type: 'MeldDeclared', notation: { tile: '3m' } });
    expect(shown[11]).toMatchObject({ type: 'TileDrawn', notation: { tile: '7p' } });
  });

  it('records a pong after the deadline as a timeout, so the chow stands; refuses closing the window early', () => {
    const script = JSON.parse(readFileSync(join(root, 'examples/play-seed-001-pong.json'), 'utf8'));
    script.actions = [
      script.actions[0],
      script.actions[1],
      { at: 6500, seat: 'N', action: 'claim', claim: 'pong' },
    ];
    const late = cli(['play', '-'], JSON.stringify(script));
    expect(late.status).toBe(0);
    const out = lines(late.stdout);
    expect(typesOf(out).slice(4)).toEqual(['ClaimMade', 'ClaimTimedOut', 'ClaimResolved', 'MeldDeclared']);
    expect(out.at(-1).data).toMatchObject({ kind: 'chow', seat: 'S' });
    script.actions[2] = { at: 5999, action: 'close-window' };
    const early = lines(cli(['play', '-'], JSON.stringify(script)).stdout);
    expect(early.at(-1).rejection).toMatchObject({ code: 'window-still-open', step: 3 });
  });

  it('documents every example script verbatim in docs/table-script.md', () => {
    const doc = readFileSync(join(root, 'docs/table-script.md'), 'utf8');
    for (const name of [
      'play-hu-mahjong-discard-win.json',
      'play-seed-001-pong.json',
      'play-discard-out-of-turn.json',
      'play-chinese-classical-loser-scores.json',
    ]) {
      expect(doc).toContain(readFileSync(join(root, 'examples', name), 'utf8').trim());
      expect(doc).toContain(`examples/${name}`);
    }
    const rejected = cli(['play', 'examples/play-discard-out-of-turn.json'])
      .stdout.trim()
      .split('\n')
      .at(-1)!;
    expect(doc).toContain(rejected);
  });

  it('reads a script from standard input, and plays the same events from the same seed', () => {
    const script = {
      ruleset: { preset: 'hu-mahjong' },
      seats: { E: 'ana', S: 'bo', W: 'cy', N: 'di' },
      wall: { source: 'seed', seed: 'table-7' },
      actions: [],
    };
    const first = cli(['play', '-'], JSON.stringify(script));
    expect(first.status).toBe(0);
    expect(typesOf(lines(first.stdout)).slice(0, 2)).toEqual(['HandStarted', 'TilesDealt']);
    expect(cli(['play', '-'], JSON.stringify(script)).stdout).toBe(first.stdout);
  });

  it('exits 2 naming the field of a bad script, before any event', () => {
    const script = JSON.parse(readFileSync(join(root, 'examples/play-seed-001-pong.json'), 'utf8'));
    const badChow = structuredClone(script);
    badChow.actions[1].tiles = '1m';
    const run = cli(['play', '-'], JSON.stringify(badChow));
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'invalid-input', field: 'actions[1].tiles' });
    expect(run.stderr).toContain('actions[1].tiles');
    const noAction = cli(['play', '-'], JSON.stringify({ ...script, actions: [{ at: 0, action: 'shout' }] }));
    expect(noAction.status).toBe(2);
    expect(JSON.parse(noAction.stdout).error.field).toBe('actions[0].action');
    const shortHand = cli(
      ['play', '-'],
      JSON.stringify({ ...script, wall: { ...script.wall, hands: { ...script.wall.hands, S: '12m' } } }),
    );
    expect(JSON.parse(shortHand.stdout).error.field).toBe('wall.hands.S');
    const typo = cli(['play', '-'], JSON.stringify({ ...script, seat: script.seats }));
    expect(JSON.parse(typo.stdout).error.field).toBe('seat');
  });

  it('plays the same hand from the whole wall order as from the dealt hands', () => {
    const dealt = cli(['play', '--notation', 'examples/play-hu-mahjong-discard-win.json']);
    const started = lines(dealt.stdout)[0];
    const script = JSON.parse(readFileSync(join(root, 'examples/play-hu-mahjong-discard-win.json'), 'utf8'));
    script.wall = { source: 'arranged', order: started.notation.wall.order, dice: [3, 4, 5] };
    const arranged = cli(['play', '--notation', '-'], JSON.stringify(script));
    expect(arranged.status).toBe(0);
    expect(arranged.stdout).toBe(dealt.stdout);
    script.wall.order = '123m';
    expect(lines(cli(['play', '-'], JSON.stringify(script)).stdout)).toEqual([
      { rejection: expect.objectContaining({ code: 'bad-wall', step: 0 }) },
    ]);
  });
});
