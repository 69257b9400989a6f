/** The current address (path + query), for a sign-in link that comes back here. */
export function hereHref(location: { pathname: string; search: string }): string {
  return `/sign-in?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value.trim());
export const isPhone = (value: string) => value.trim().length >= 5 && /^[+\d\s().-]+$/.test(value.trim());
