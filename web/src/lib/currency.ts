import { BASE_CURRENCY, type CurrencyCode, isCurrencyCode } from '@roam/contract/currencies';
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

// The display currency (spec §1 "choose the display currency", §3 stored locally). It is a device
// preference, not server state, so it lives in local storage behind a tiny external store.

const listeners = new Set<() => void>();

export function getCurrency(): CurrencyCode {
  const stored = readStored(STORAGE_KEYS.currency);
  return stored !== null && isCurrencyCode(stored) ? stored : BASE_CURRENCY;
}

export function setCurrency(code: CurrencyCode): void {
  writeStored(STORAGE_KEYS.currency, code);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the currency: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.currency) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen display currency; re-renders when it changes (here or in another tab). */
export function useCurrency(): CurrencyCode {
  return useSyncExternalStore(subscribe, getCurrency, () => BASE_CURRENCY);
}
