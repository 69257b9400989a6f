import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** The classic pager (spec §9 "Pagination mode is classic"). */
export function Pager({ page, pageCount, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pager.label')}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.pager.previous')}
      </button>
      <span className="pager__status" aria-live="polite">
        {t('common.pager.status', { page, total: pageCount })}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('common.pager.next')}
      </button>
    </nav>
  );
}
