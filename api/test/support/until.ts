/**
 * Waits for what other processes, the queue or a fake bring about: asks `done` every 50 ms (each
 * ask reads the database or a fake's counters) and fails naming `what` after `timeoutMs`.
 */
export async function until(what: string, done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for work this process starts after a commit (it runs on the next turns of the event loop). */
export async function untilSettled(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
