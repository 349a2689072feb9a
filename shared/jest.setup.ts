import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Component tests render whole Chakra screens; under a loaded 2-core machine a
// few take seconds. Jest reads testTimeout only from the root config when
// projects are used, so the web project sets its own here.
jest.setTimeout(15_000);
// findBy…/waitFor wait up to 5 s (the library's default is 1 s): screens load lazy chunks (the rich-text editor,
// charts) that a loaded machine takes more than a second to evaluate.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Chakra (via Ark/Zag) touches.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.scrollTo) window.scrollTo = () => undefined;
afterEach(() => localStorage.clear());
