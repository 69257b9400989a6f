// The console's addresses (issue #23), matched here rather than with React Router's <Routes>: that component lives
// in the entry chunk's copy of react-router and is used by no customer screen, so importing it would grow the entry
// every customer downloads (ARCHITECTURE §7: the console adds 0 bytes to customer routes). Patterns are `/`-separated
// segments, `:name` taking any one segment.

export type PathParams = Readonly<Record<string, string>>;

/** The first of `patterns` that `pathname` matches, with its parameters; null when none does. */
export function matchOperatorPath<Pattern extends string>(
  patterns: readonly Pattern[],
  pathname: string,
): { pattern: Pattern; params: PathParams } | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const pattern of patterns) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      if (segment === '') return false;
      params[part.slice(1)] = decodeURIComponent(segment);
      return true;
    });
    if (matches) return { pattern, params };
  }
  return null;
}
