// `play` with a game script as a referee runs it (docs/table-script.md "Game scripts"): every example game
// plays to its end, each line names its stream, and the exit statuses are the hand script's.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function cli(args: string[], stdin?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    input: stdin,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const examples = readdirSync(join(root, 'examples')).filter((f) => /^play-game-.*\.json$/.test(f));
const script = (name: string) => JSON.parse(readFileSync(join(root, 'examples', name), 'utf8'));
const runs = new Map<string, ReturnType<typeof cli>>();
/** Each example is run once for the tests that read its output. */
const played = (name: string) => {
  if (!runs.has(name)) runs.set(name, cli(['play', `examples/${name}`]));
  return runs.get(name)!;
};
const doc = readFileSync(join(root, 'docs/table-script.md'), 'utf8');

describe('mahjong-ledger play, a game script', () => {
  it('has the example games of docs/table-script.md', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const name of examples) expect(doc).toContain(`examples/${name}`);
  });

  it.each(examples)('plays examples/%s to the game’s end, every line on its stream, exit 0', (name) => {
    const run = played(name);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = lines(run.stdout);
    const { gameId } = script(name);
    for (const line of out) expect(line.stream).toMatch(new RegExp(`^(game-${gameId}|hand-${gameId}-\\d+)$`));
    expect(out[0]).toMatchObject({ stream: `game-${gameId}`, type: 'GameStarted' });
    expect(out.at(-1)).toMatchObject({ stream: `game-${gameId}`, type: 'GameFinished' });
  });

  it('prints every game line docs/table-script.md quotes, as the example that it names prints it', () => {
    const quoted = doc.split('\n').filter((line) => line.startsWith('{"stream":"'));
    expect(quoted.length).toBeGreaterThanOrEqual(15);
    for (const line of quoted) {
      const { stream } = JSON.parse(line);
      const name = examples.find((n) =>
        new RegExp(`^(game-${script(n).gameId}|hand-${script(n).gameId}-\\d+)$`).test(stream),
      );
      expect(name, stream).toBeDefined();
      expect(played(name!).stdout.split('\n')).toContain(line);
    }
    const early = script('play-game-table-law-unshown-gong.json');
    early.hands[1].actions = [{ ...early.hands[1].actions[1], at: 500 }, ...early.hands[1].actions];
    const refused = cli(['play', '-'], JSON.stringify(early)).stdout.trim().split('\n').at(-1)!;
    expect(doc).toContain(refused);
  });

  it('adds the tiles in notation with --notation; without stream and notation each line is the event', () => {
    const name = 'play-game-table-law-streak.json';
    const plain = lines(played(name).stdout);
    const shown = lines(cli(['play', '--notation', `examples/${name}`]).stdout);
    expect(shown.map(({ notation: _, ...line }) => line)).toEqual(plain);
    const dealt = shown.find((l) => l.type === 'TilesDealt' && l.stream === 'hand-streak-4');
    expect(dealt.notation.hands.S).toBe('123456789m2345p');
    expect(shown.find((l) => l.type === 'HandRecorded').notation).toBeUndefined();
    // The stream first, then the event as the domain emitted it.
    expect(Object.keys(plain[0])).toEqual(['stream', 'type', 'schemaVersion', 'data']);
  });

  it('stops at a rejection: the events before it, then the hand, step and action refused, exit 4', () => {
    const game = script('play-game-table-law-unshown-gong.json');
    game.hands[1].actions = [{ at: 500, seat: 'S', action: 'charge-unshown-gong' }];
    const run = cli(['play', '-'], JSON.stringify(game));
    expect(run.status).toBe(4);
    const out = lines(run.stdout);
    expect(out.at(-2)).toMatchObject({ stream: 'hand-unshown-gong-2', type: 'TilesDealt' });
    expect(out.at(-1)).toEqual({
      rejection: {
        code: 'not-yet-charged',
        rule: expect.stringContaining('seed 004'),
        message: 'an unshown concealed gong is charged once East discards the first tile',
        stream: 'hand-unshown-gong-2',
        hand: 2,
        step: 1,
        path: 'hands[1].actions[0]',
      },
    });
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('rejected at hand 2, step 1 (hands[1].actions[0]): not-yet-charged');
  });

  it('exits 2 naming the path of bad input, before any event', () => {
    const game = script('play-game-table-law-streak.json');
    game.hands[2].actions[1].tile = '55p';
    const run = cli(['play', '-'], JSON.stringify(game));
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({
      code: 'invalid-input',
      field: 'hands[2].actions[1].tile',
    });
    expect(run.stderr).toContain('invalid input: hands[2].actions[1].tile');
  });

  it('plays a hand out under claimWindows every-discard: each window held to its deadline, then closed', () => {
    const hand = script('play-game-hu-mahjong-rotation.json');
    const { wall, actions } = hand.hands[0];
    hand.ruleset.options.claimWindows = 'every-discard';
    const run = cli(
      ['play', '-'],
      JSON.stringify({ ...hand, end: { kind: 'hands', count: 1 }, hands: [{ wall, actions }] }),
    );
    expect(run.status).toBe(0);
    const out = lines(run.stdout);
    expect(out.filter((l) => l.type === 'TileDiscarded')).toHaveLength(69);
    expect(out.find((l) => l.type === 'HandDrawn').data).toEqual({
      reason: 'pond-full',
      seat: 'E',
      discards: 18,
    });
    expect(out.at(-2)).toMatchObject({ type: 'HandRecorded', data: { result: { dealerReady: true } } });
  });
});
