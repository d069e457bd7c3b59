// The hovered point of a chart, moved by the mouse or, with the chart focused, by the arrow keys
// (Home / End for the first and last), so its exact figures are readable without a mouse.
import { useState, type KeyboardEvent } from 'react';

export function useChartCursor(count: number) {
  const [index, setIndex] = useState<number | null>(null);
  function onKeyDown(event: KeyboardEvent) {
    if (count === 0) return;
    const last = count - 1;
    const from = index ?? last + 1;
    const moves: Record<string, number> = {
      ArrowLeft: from - 1,
      ArrowRight: index === null ? last : from + 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setIndex(Math.max(0, Math.min(last, to)));
  }
  return { index: index !== null && index < count ? index : null, setIndex, onKeyDown };
}
