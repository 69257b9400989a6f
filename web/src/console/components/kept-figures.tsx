import type { Language } from '@roam/contract/languages';

/**
 * When kept figures were computed ("Totals as of 22:15") and a Refresh that asks them computed now: the server keeps
 * the bookings desk's totals and the statement's a minute (server/src/features/dashboard/period.cache.ts).
 */
export function KeptFigures({
  asOf,
  language,
  said,
  refresh,
  refreshing,
  onRefresh,
}: {
  asOf: string;
  language: Language;
  /** The line, given the time as HH:MM. */
  said: (time: string) => string;
  refresh: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <>
      <span>
        {said(new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(asOf)))}
      </span>{' '}
      <button type="button" className="button button--secondary" disabled={refreshing} onClick={onRefresh}>
        {refresh}
      </button>
    </>
  );
}
