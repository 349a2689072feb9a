import { useEffect, useState } from 'react';

/**
 * False until what this component drew has been painted once, then true. The frame's outlet waits
 * for it, so the frame's first paint is not held back by the area's code: chunks requested in the
 * same render are parsed and run on the main thread as they arrive, ahead of the paint.
 * `onPainted` runs once, right after that paint, before the component renders again.
 */
export function useAfterFirstPaint(onPainted?: () => void): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        onPainted?.();
        setPainted(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
    // The callback of the first render is the one that runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [painted]);
  return painted;
}
