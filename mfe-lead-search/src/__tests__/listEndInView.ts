import { act } from '@testing-library/react';

/**
 * The browser's IntersectionObserver, driven by the test: the end of a list "comes into view" when the test says so
 * (jsdom lays nothing out, so nothing is ever in view on its own). Install it once per file; `scrollToEnd` tells every
 * live observer its targets are in view.
 */
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();

class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    observers.delete(this.entry);
  }
  takeRecords() {
    return [];
  }
}

export function installIntersectionObserver() {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeIntersectionObserver;
  afterEach(() => observers.clear());
}

export const scrollToEnd = () =>
  act(() => {
    for (const { callback, targets } of [...observers])
      callback(
        targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  });
