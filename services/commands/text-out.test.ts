// fileText: the file appears under its name only once complete; a command that fails leaves nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileText } from './text-out.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-text-out-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('fileText', () => {
  it('given chunks written and done, then the file holds them and nothing else is left', async () => {
    const out = fileText(join(dir, 'doc.json'));
    for (let i = 0; i < 100; i++) await out.write(`${'x'.repeat(100_000)}\n`);
    await out.done();

    expect(readdirSync(dir)).toEqual(['doc.json']);
    expect(readFileSync(join(dir, 'doc.json'), 'utf8')).toHaveLength(100 * 100_001);
  });

  it('given chunks written, then abandoned, then no file at all, and an earlier file of that name is kept', async () => {
    const file = join(dir, 'doc.json');
    const before = fileText(file);
    await before.write('earlier');
    await before.done();

    const out = fileText(file);
    await out.write('partial');
    await out.abandon();

    expect(readdirSync(dir)).toEqual(['doc.json']);
    expect(readFileSync(file, 'utf8')).toBe('earlier');
  });

  it('given nothing written, then abandoning creates nothing', async () => {
    await fileText(join(dir, 'never.json')).abandon();

    expect(readdirSync(dir)).toEqual([]);
  });

  it('given a path that is no regular file (/dev/null), then it is written in place, not replaced', async () => {
    const out = fileText('/dev/null');
    await out.write('gone');
    await out.done();

    expect(existsSync('/dev/null')).toBe(true);
    expect(readdirSync('/dev').filter((f) => f.startsWith('null.partial'))).toEqual([]);
  });
});
