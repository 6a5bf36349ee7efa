// The board's grid is sized to the room's screen: the area its element has, followed as the window changes.
import { type RefObject, useEffect, useState } from 'react';
import type { Area } from './board-layout.ts';

export function useElementSize(ref: RefObject<HTMLElement | null>): Area | undefined {
  const [size, setSize] = useState<Area>();
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      const { width, height } = entry.contentRect;
      setSize((prev) =>
        prev !== undefined && prev.width === Math.round(width) && prev.height === Math.round(height)
          ? prev
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
