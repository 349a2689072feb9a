import { create } from 'zustand';
import { clearBootPrefetch } from '../api/bootPrefetch';
import { queryClient } from '../api/queryClient';
import { BRANDING_QUERY_KEY } from '../theme/brandCode';
import { readStoredToken, writeStoredToken } from './tokenStorage';

/**
 * Global because the shell and every area (separate React roots) must agree on
 * who is signed in. Holds only the token: the user itself is server data and
 * lives in TanStack Query (`meQueryOptions`).
 */
interface SessionState {
  token: string | null;
  setToken: (token: string | null) => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  token: readStoredToken(),
  setToken: (token) => {
    writeStoredToken(token);
    // What the boot script fetched belongs to the session the page started with.
    clearBootPrefetch();
    set({ token });
    // The brand follows who is signed in (a reseller's customer on the platform's domain sees its reseller's).
    void queryClient.invalidateQueries({ queryKey: BRANDING_QUERY_KEY });
  },
}));
