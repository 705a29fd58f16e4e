import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/constants';

// The admin's bearer token, kept in localStorage under one fixed key (SPEC section 6).
export function getAuthToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
}
