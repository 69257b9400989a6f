import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** A list's own words for the pager (the notifications name their count on the page line); else the common ones. */
  labels?: { nav: string; previous: string; next: string; status: string };
  /** The page line's id, for a list that is named by it. */
  statusId?: string;
  /** Shown with a single page too (the notifications list always says where it is). */
  alwaysShown?: boolean;
}

/** The classic pager (spec §9 "Pagination mode is classic") of /search, /bookings and /notifications. */
export function Pager({ page, pageCount, onPage, labels, statusId, alwaysShown = false }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1 && !alwaysShown) return null;
  return (
    <nav className="pager" aria-label={labels?.nav ?? t('common.pager.label')}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels?.previous ?? t('common.pager.previous')}
      </button>
      <span id={statusId} className="pager__status" aria-live="polite">
        {labels?.status ?? t('common.pager.status', { page, total: pageCount })}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {labels?.next ?? t('common.pager.next')}
      </button>
    </nav>
  );
}
