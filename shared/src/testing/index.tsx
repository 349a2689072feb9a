import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '../i18n/i18n';
import { createBrandSystem } from '../theme/theme';
import { DEFAULT_BRANDING } from '../theme/branding';

export interface RenderOptions {
  route?: string;
  queryClient?: QueryClient;
}

/** Renders through the real providers (Chakra, Query, i18n, router) for component tests. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient }: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={createBrandSystem(DEFAULT_BRANDING)}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ChakraProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient: client });
}
