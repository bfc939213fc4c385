/** SPEC section 9: the access token lives in local storage under this name. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** Storage can be unavailable (privacy modes, sandboxed frames); treat that as signed out. */
export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts for this page only.
  }
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
