/** Local storage keys (spec §3 "Stored locally", §9): one place so slices never disagree on a name. */
export const STORAGE_KEYS = {
  user: 'roam.user',
  language: 'roam.language',
  currency: 'roam.currency',
  stayConnected: 'roam.stayConnected',
  /** 'accepted' or 'declined': the visitor's analytics cookie choice. */
  cookieConsent: 'roam.cookieConsent',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private browsing, quota, disabled cookies): a preference that cannot be
// saved must never break the page, so both helpers swallow the failure.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not saved: the choice still applies for this visit.
  }
}
