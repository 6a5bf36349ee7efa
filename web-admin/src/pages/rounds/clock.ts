// The round clock as the page shows it: time left until an end (the round's, or a table's with its extra
// minutes), counted on this browser's clock from the end the server fixed when the round started.
import { useEffect, useState } from 'react';

export interface TimeLeft {
  /** Whole seconds left; negative once over time. */
  readonly seconds: number;
  readonly over: boolean;
  /** h:mm:ss (or m:ss under an hour) of the time left, or of the time over. */
  readonly text: string;
}

export function timeLeft(endsAt: string, now: number): TimeLeft {
  const seconds = Math.ceil((Date.parse(endsAt) - now) / 1000);
  const over = seconds < 0;
  return { seconds, over, text: clockText(Math.abs(seconds)) };
}

export function clockText(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The time now, ticking each second while `running`, so a clock counts down live. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
