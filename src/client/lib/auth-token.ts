import { LEGACY_AUTH_TOKEN_STORAGE_KEY } from '../../shared/constants';

// The browser's admin session lives only in the HttpOnly session cookie, which no script can read
// (docs/decisions/0002-session-token-cookie-only.md). The specification's roles and permissions (docs/specification.md §6) keep a bearer token in
// localStorage; a token any script on the origin can read turns one injected script into an
// account takeover, so the SPA never stores it. Earlier versions did: this removes such a token.
export function forgetStoredAuthToken(): void {
  try {
    localStorage.removeItem(LEGACY_AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); nothing is stored then.
  }
}
