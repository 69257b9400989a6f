/** The current address (path + query), for a sign-in link that comes back here. */
export function hereHref(location: { pathname: string; search: string }): string {
  return `/sign-in?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
