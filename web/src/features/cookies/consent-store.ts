import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '#web/lib/storage';

export type Consent = 'accepted' | 'declined';

// The analytics choice, kept in local storage (spec §3 "stored locally"), plus whether the visitor reopened it.
let consent: Consent | null = parse(readStored(STORAGE_KEYS.cookieConsent));
let reopened = false;
const listeners = new Set<() => void>();

function parse(value: string | null): Consent | null {
  return value === 'accepted' || value === 'declined' ? value : null;
}

function publish(): void {
  for (const listener of listeners) listener();
}

export function chooseConsent(choice: Consent): void {
  consent = choice;
  reopened = false;
  writeStored(STORAGE_KEYS.cookieConsent, choice);
  publish();
}

/** The footer's 'Cookie settings': shows the choice again. */
export function reopenConsent(): void {
  reopened = true;
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(): { consent: Consent | null; bannerOpen: boolean } {
  const current = useSyncExternalStore(subscribe, () => consent);
  const open = useSyncExternalStore(subscribe, () => reopened);
  return { consent: current, bannerOpen: current === null || open };
}
