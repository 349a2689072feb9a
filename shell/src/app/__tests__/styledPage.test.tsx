import { ErrorBoundary } from '@leadsmith/shared/core';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { styledPage } from '../styledPage';

function Hello() {
  return <h1>Hello</h1>;
}

// Error reports from the boundary go to a fake network.
let api: ReturnType<typeof mockApi>;
beforeEach(() => (api = mockApi(() => ({ status: 201, body: {} }))));
afterEach(() => api.restore());

describe('styledPage', () => {
  it('shows the page inside the Chakra layer once its code is loaded', async () => {
    const Page = styledPage(
      async () => Hello,
      () => false,
    );
    renderWithProviders(<Page />);
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  });

  it('after a failed load (and no reload left), the error boundary shows it and its retry loads again', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ChunkLoadError: offline');
      return Hello;
    };
    const Page = styledPage(load, () => false);
    renderWithProviders(
      <ErrorBoundary fallback={(_, reset) => <button onClick={reset}>Retry</button>}>
        <Page />
      </ErrorBoundary>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(attempts).toBe(2);
    error.mockRestore();
  });

  it('reloads the page once instead of showing the error, when the reload guard allows it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = jest.fn(() => true);
    const Page = styledPage(async () => {
      throw new Error('ChunkLoadError: offline');
    }, reload);
    renderWithProviders(
      <ErrorBoundary fallback={() => <p>failed</p>}>
        <Page />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('frame-spinner')).toBeInTheDocument();
    expect(screen.queryByText('failed')).toBeNull();
    error.mockRestore();
  });
});
