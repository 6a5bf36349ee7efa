// More tables than one screen holds: the pages shown in turn, every PAGE_MS, the time to the next one said on
// screen so the room knows its table will come round.
import { useEffect, useState } from 'react';

export const PAGE_MS = 15_000;

export function usePaging(
  pages: number,
  now: number,
  intervalMs = PAGE_MS,
): { page: number; secondsLeft: number } {
  const [startedAt, setStartedAt] = useState(now);
  // A change in the number of pages starts the turn again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on a new page count only
  useEffect(() => setStartedAt(Date.now()), [pages]);
  if (pages <= 1) return { page: 0, secondsLeft: 0 };
  const elapsed = Math.max(0, now - startedAt);
  const page = Math.floor(elapsed / intervalMs) % pages;
  return { page, secondsLeft: Math.ceil((intervalMs - (elapsed % intervalMs)) / 1000) };
}
