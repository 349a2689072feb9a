import { useEffect, useState } from 'react';

let painted = false;

/**
 * False until the frame has been painted once on this page, then true (for good). The area outlet
 * waits for it, so the frame's first paint is not held back by the area's code: chunks that arrive
 * are parsed and run on the main thread, ahead of the paint, if they are requested in the same render.
 * `onFirstPaint` runs once, right after that paint, before the outlet renders.
 */
export function useAfterFirstPaint(onFirstPaint?: () => void): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true;
        onFirstPaint?.();
        setDone(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
    // The callback of the first render is the one that runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  return done;
}
