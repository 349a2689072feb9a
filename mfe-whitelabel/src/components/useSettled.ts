import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (compare by value: pass a string or a number). */
export function useSettled<T extends string | number>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
