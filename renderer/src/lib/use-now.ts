// A clock for relative times ("12s ago") that keep ticking: one timer per component that shows
// them, re-rendering it every `everyMs`.
import { useEffect, useState } from 'react';

export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
