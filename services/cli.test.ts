// The score command as a user runs it: `npm run -s cli -- score FILE` (here node with tsx directly), exit
// statuses and output of spec/score-contract.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
