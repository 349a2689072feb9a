import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DEFAULT_BRANDING, brandingQueryOptions } from '../branding';
import { AreaChakraProvider, PageChakraProvider } from '../BrandChakra';

/** Chakra's page-wide CSS (reset, global styles, token variables) ends in emotion's global sheets. */
const pageCssInDocument = () =>
  [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css-global"]')]
    .flatMap((style) => [...(style.sheet?.cssRules ?? [])])
    .filter((rule) => rule.cssText.startsWith('@layer tokens')).length;

function withBranding(children: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(brandingQueryOptions(window.location.hostname).queryKey, DEFAULT_BRANDING);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(cleanup);

describe('Chakra page CSS', () => {
  it('an area root on its own brings the page CSS, and takes it away when it unmounts', () => {
    const area = render(withBranding(<AreaChakraProvider>area</AreaChakraProvider>));
    expect(pageCssInDocument()).toBeGreaterThan(0);
    area.unmount();
    expect(pageCssInDocument()).toBe(0);
  });

  it('area roots under the shell layer reuse its page CSS: mounting and unmounting them adds and removes none', () => {
    const page = render(withBranding(<PageChakraProvider>frame</PageChakraProvider>));
    const withLayer = pageCssInDocument();
    expect(withLayer).toBeGreaterThan(0);
    // An area is its own React root, mounted later (after the remote loads).
    const area = render(withBranding(<AreaChakraProvider>area</AreaChakraProvider>));
    expect(pageCssInDocument()).toBe(withLayer);
    area.unmount();
    expect(pageCssInDocument()).toBe(withLayer);
    page.unmount();
    expect(pageCssInDocument()).toBe(0);
  });
});
