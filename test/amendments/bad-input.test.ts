// Amendments refused over HTTP, against the whole server on SQLite and on PostgreSQL: an unknown option, a
// value out of range, an option that changes play amended over hands already played (accepted from the next
// hand instead), a recompute queued twice, a tournament that does not exist. Each refusal is problem+json
// naming the option, the preview refuses alike, and nothing is written: the store's head and the
// tournament's revision stay where they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../services/demo/run-demo.ts';
import { backends, type Reply, type TestServer } from './servers.ts';
import { headOf, type Json, waitFor } from './support.ts';

const SEED = 'bad-amendments';
const TOURNAMENT = `demo-${SEED}`;
const AMENDMENTS = `/api/tournaments/${TOURNAMENT}/amendments`;

/** 422 problem+json, rejected with `code`, its message naming `options.<name>`. */
function expectRefused(reply: Reply, code: string, option: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ status: 422, code: 'rejected', rejection: { code } });
  expect(reply.body.detail).toContain(`options.${option}`);
}

const REFUSED: readonly (readonly [string, Record<string, unknown>, string, string])[] = [
  ['an unknown option', { doubling: true }, 'unknown-option', 'doubling'],
  ['a negative bystanderCap', { bystanderCap: -1 }, 'bad-option-value', 'bystanderCap'],
  ['multipleWinners "sometimes"', { multipleWinners: 'sometimes' }, 'bad-option-value', 'multipleWinners'],
  [
    'claimDeadlineMs over played hands',
    { claimDeadlineMs: 3000 },
    'amendment-not-retroactive',
    'claimDeadlineMs',
  ],
  [
    'claimWindows over played hands',
    { claimWindows: 'every-discard' },
    'amendment-not-retroactive',
    'claimWindows',
  ],
];

for (const backend of await backends()) {
  describe(`given a four-seas tournament whose round 1 was played, on ${backend.name}`, () => {
    let t: TestServer;
    /** The store's head and the tournament's revision, for "nothing written". */
    const written = async () => ({
      head: await headOf(t.server.platform.store),
      revision: (await t.call('GET', `/api/tournaments/${TOURNAMENT}`)).body.revision as number,
    });
    const body = (changes: Record<string, unknown>, scope: Json = { kind: 'event' }) => ({
      changes,
      scope,
      reason: 'as the organizer asked',
    });

    beforeAll(async () => {
      t = await backend.start((store) =>
        runDemo(store, {
          players: 8,
          rounds: 1,
          preset: 'four-seas',
          seed: SEED,
          rulesetOptions: { multipleWinners: 'head-bump' },
          finish: false,
          end: { kind: 'hands', count: 4 },
        }),
      );
    }, 120_000);
    afterAll(() => t?.close(), 60_000);

    it.each(REFUSED)(
      'when amending %s, then 422 naming the option, the preview refuses alike, and nothing is written',
      async (_what, changes, code, option) => {
        const before = await written();
        const amended = await t.call('POST', AMENDMENTS, body(changes));
        expectRefused(amended, code, option);
        const previewed = await t.call('POST', `${AMENDMENTS}/preview`, body(changes));
        expectRefused(previewed, code, option);
        expect(previewed.body.detail).toBe(amended.body.detail);
        expect(await written()).toEqual(before);
      },
    );

    it('when a play option is refused over played hands, then it says to amend from the next hand, and that is accepted with no job', async () => {
      const before = await written();
      const refused = await t.call('POST', AMENDMENTS, body({ claimDeadlineMs: 3000 }));
      expectRefused(refused, 'amendment-not-retroactive', 'claimDeadlineMs');
      expect(refused.body.detail).toMatch(/from the next hand/);
      expect(refused.body.detail).toContain('next-hand');
      expect(await written()).toEqual(before);

      const accepted = await t.call(
        'POST',
        AMENDMENTS,
        body({ claimDeadlineMs: 3000 }, { kind: 'next-hand' }),
      );
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(accepted.body.job).toBeNull();
      expect(accepted.body.events).toEqual([
        expect.objectContaining({
          type: 'RulesetAmended',
          data: expect.objectContaining({
            changes: { claimDeadlineMs: { from: 5000, to: 3000 } },
            scope: { kind: 'next-hand' },
            recompute: false,
          }),
        }),
      ]);
      expect((await written()).revision).toBe(before.revision + 1);
    });

    it('when a recompute whose job is known is queued again, then 409 duplicate-job and nothing is written', async () => {
      const made = await t.call('POST', AMENDMENTS, {
        ...body({ multipleWinners: 'score-priority' }),
        amendmentId: 'priority',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.job).toMatchObject({ id: `${TOURNAMENT}.priority`, added: true });
      await waitFor(async () => {
        const { body: list } = await t.call('GET', AMENDMENTS);
        return list.amendments.find((a: Json) => a.amendmentId === 'priority')?.applied !== undefined;
      }, 'the recompute to be applied');
      const before = await written();
      const again = await t.call('POST', `${AMENDMENTS}/priority/recompute`);
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(again.body).toMatchObject({ code: 'rejected', rejection: { code: 'duplicate-job' } });
      expect(await written()).toEqual(before);
    });

    it('when the tournament does not exist, then the amendment and its preview are refused (not 5xx) and nothing is written', async () => {
      const before = await written();
      for (const path of [
        '/api/tournaments/nowhere/amendments',
        '/api/tournaments/nowhere/amendments/preview',
      ]) {
        const reply = await t.call('POST', path, body({ multipleWinners: 'score-priority' }));
        expect([404, 409], `${path}: ${reply.status} ${JSON.stringify(reply.body)}`).toContain(reply.status);
        expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
      expect(await written()).toEqual(before);
    });
  });
}
