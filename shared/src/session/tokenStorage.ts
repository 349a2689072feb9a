import { STORAGE_KEYS } from '../constants/limits';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  else {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.archivedUser);
  }
}
