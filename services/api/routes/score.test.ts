import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonHeaders, readJson, startTestApi, type TestApi } from '../testing.ts';

// Seed 003 (Hu Mahjong): one chow exposed, one season, South wins on North's discard: 6100.
const example = JSON.parse(
  readFileSync(new URL('../../../examples/hu-mahjong-6100-discard.json', import.meta.url), 'utf8'),
) as { claims: Record<string, unknown>[] } & Record<string, unknown>;

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const score = (body: unknown) =>
  fetch(`${api!.url}/api/score`, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });

describe('POST /api/score', () => {
  it('given the seed-003 example, when scored, then South takes 18300 from North on 6100', async () => {
    api = await startTestApi();
    const response = await score(example);
    expect(response.status).toBe(200);
    const output = await readJson(response);
    expect(output.winners[0]).toMatchObject({ seat: 'S', handScore: 6100 });
    expect(output.deltas).toEqual({ E: 0, S: 18300, W: 0, N: -18300 });
    expect(output.transfers).toEqual([{ from: 'N', to: 'S', points: 18300, reason: expect.any(String) }]);
  });

  it('given a bad tile, when scored, then 400 invalid-input names the field as the CLI does', async () => {
    api = await startTestApi();
    const claim = { ...example.claims[0], hand: '123s123p789p9x' };
    const response = await score({ ...example, claims: [claim] });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await readJson(response);
    expect(problem).toMatchObject({ code: 'invalid-input', status: 400, field: 'claims[0].hand' });
    expect(problem.errors).toEqual([{ path: 'claims[0].hand', message: expect.any(String) }]);
  });

  it('given a hand one tile short, when scored, then 422 not-a-win names the seat', async () => {
    api = await startTestApi();
    const claim = { ...example.claims[0], hand: '123s123p789p' };
    const response = await score({ ...example, claims: [claim] });
    expect(response.status).toBe(422);
    const problem = await readJson(response);
    expect(problem).toMatchObject({ code: 'not-a-win', status: 422, seat: 'S' });
    expect(problem.detail.length).toBeGreaterThan(0);
  });
});
