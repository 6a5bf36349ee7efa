// The board's clocks: one tick a second for every card (one timer, not one per table), read against the
// server's time, since the tables' deadlines are the server's.
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Time left as the room reads it: 1:05:09, 12:34, 0:09; undefined once it has run out. */
export function formatTimeLeft(ms: number): string | undefined {
  if (ms <= 0) return undefined;
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The last minutes of a clock, shown in warning colours. */
export const RUNNING_OUT_MS = 5 * 60_000;
