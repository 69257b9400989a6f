/**
 * Only a path of this site: a `?from=` or `?enrol=` address never sends anyone elsewhere. `//host` and `/\host` are
 * both another site to a browser (it reads a backslash as a slash), so neither is a path.
 */
export function safeRedirect(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/';
}
