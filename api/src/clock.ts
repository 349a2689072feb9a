/**
 * Every time-based rule (token expiry, code expiry, throttling, cooldowns,
 * limit resets) reads the time from here, so tests move time forward instead
 * of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `YYYY-MM-DD` of the instant, in UTC. */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** A clock that can be moved forward (TEST_CLOCK, end-to-end tests only): `base` plus an offset. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export function movableClock(base: Clock): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
