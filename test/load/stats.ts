// What a load run measures: latencies per route (kept whole: a run of minutes holds a few hundred thousand
// numbers, and exact percentiles beat a histogram's buckets at these sizes), errors by route, status and code,
// and the counts the report prints.

export interface Summary {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

/** The routes (and stream moments) a run times. */
const STREAM = 'GET /api/games/:gameId/seat/stream';
export const ROUTES = {
  action: 'POST /api/games/:gameId/hands/:hand/actions',
  stream: STREAM,
  firstEvent: `${STREAM}: first event`,
  ownView: 'seat stream: own action seen (POST sent to view pushed)',
} as const;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Seconds at the start of a run whose latencies are also summarised apart (see `steady`). */
export const WARM_UP_SECONDS = 5;

export class Stats {
  readonly #latencies = new Map<string, number[]>();
  /**
   * The latencies of requests sent after the first WARM_UP_SECONDS: a round's start deals every table at
   * once and the server meets code paths for the first time (the tile tables of the first win), so the
   * first seconds hold the worst of a run. Reported beside the whole run's, never instead of it.
   */
  readonly #steady = new Map<string, number[]>();
  #steadyFrom = Number.POSITIVE_INFINITY;
  readonly #errors = new Map<string, number>();
  acknowledged = 0;
  /** Answers that say the seat was behind (412, a hand moved on): normal when seats race, not errors. */
  stale = 0;
  /** Refusals the agent avoids by deciding again (the rules held a discard back). */
  avoided = 0;
  /** Seats whose game finished (their stream said `ended`). */
  seatsEnded = 0;

  /** The run starts now: requests sent WARM_UP_SECONDS from now on count as steady too. */
  started(now = performance.now()): void {
    this.#steadyFrom = now + WARM_UP_SECONDS * 1000;
  }

  /** A request's latency; `sentAt` (performance.now()) places it before or after the warm-up. */
  latency(route: string, ms: number, sentAt = performance.now() - ms): void {
    push(this.#latencies, route, ms);
    if (sentAt >= this.#steadyFrom) push(this.#steady, route, ms);
  }

  error(route: string, status: number | string, code = ''): void {
    const key = `${route} ${status}${code === '' ? '' : ` ${code}`}`;
    this.#errors.set(key, (this.#errors.get(key) ?? 0) + 1);
  }

  get errorCount(): number {
    let total = 0;
    for (const n of this.#errors.values()) total += n;
    return total;
  }

  errors(): Record<string, number> {
    return Object.fromEntries([...this.#errors].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  summary(route: string, from: ReadonlyMap<string, number[]> = this.#latencies): Summary {
    const sorted = [...(from.get(route) ?? [])].sort((a, b) => a - b);
    return {
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0),
    };
  }

  summaries(): Record<string, Summary> {
    return Object.fromEntries([...this.#latencies.keys()].map((route) => [route, this.summary(route)]));
  }

  /** As summaries, over the requests sent after the warm-up only. */
  steadySummaries(): Record<string, Summary> {
    return Object.fromEntries(
      [...this.#steady.keys()].map((route) => [route, this.summary(route, this.#steady)]),
    );
  }
}

function push(into: Map<string, number[]>, route: string, ms: number): void {
  const list = into.get(route) ?? [];
  list.push(ms);
  into.set(route, list);
}
