import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadMoreProps {
  shown: number;
  total: number;
  /** How many the last page added (0 before a second page): what the live region announces. */
  added: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * Infinite scroll's end of the list: a sentinel that loads the next page as it nears the viewport, a
 * visible "Load more" button for keyboard and screen-reader users (and browsers without IntersectionObserver), and
 * a polite live region saying what was added.
 */
export function LoadMore({ shown, total, added, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observed after each page (`shown`) so a sentinel still in view fires again
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !busy) load();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      <p className="visually-hidden" aria-live="polite">
        {added > 0 ? t('search.more.loaded', { count: added, shown, total }) : ''}
      </p>
      {hasMore ? (
        // aria-disabled, not disabled: the button keeps the keyboard focus while the page loads.
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={loading}
          onClick={() => {
            if (!loading) onLoadMore();
          }}
        >
          {loading ? t('search.more.loading') : t('search.more.button')}
        </button>
      ) : shown > 0 ? (
        <p className="load-more__end">{t('search.more.end', { count: total })}</p>
      ) : null}
    </div>
  );
}
