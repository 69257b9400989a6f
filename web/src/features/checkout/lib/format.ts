import type { Language } from '@roam/contract/enums';
import { localeTag } from '../../../i18n';

/** A date and time as the location's clock shows it, with the zone's short name (spec §2 booking details). */
export function formatInZone(iso: string, timeZone: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(localeTag(language), { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name: the browser's zone, still labelled.
    return new Intl.DateTimeFormat(localeTag(language), options).format(date);
  }
}

/** The current address (path + query), for a sign-in link that comes back here. */
export function hereHref(location: { pathname: string; search: string }): string {
  return `/sign-in?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value.trim());
export const isPhone = (value: string) => value.trim().length >= 5 && /^[+\d\s().-]+$/.test(value.trim());
