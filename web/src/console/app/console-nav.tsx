import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '#web/ui/icons';
import { useSections } from './sections';

/**
 * The console's sections under the header. On a phone they would take several lines above every screen: there they
 * collapse behind the menu button (the disclosure pattern), which shows them all, one a line, until one is chosen or
 * Escape is pressed (console-layout.css).
 */
export function ConsoleNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = useSections();
  // The section the page is in: the longest that starts its address (a walk-in, /operator/bookings/new, is not the
  // bookings list's).
  const current = sections
    .filter((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Open on the page where it was opened: choosing a section (a new page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <nav
      className="console-nav"
      aria-label={t('operator.nav.label')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpenOn(null);
        toggleRef.current?.focus();
      }}
    >
      <div className="container console-nav__inner">
        <span className="console-nav__title">{t('operator.nav.title')}</span>
        <button
          ref={toggleRef}
          type="button"
          className="console-nav__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <Icon>
            <path d="M4 7h16M4 12h16M4 17h16" />
          </Icon>
          {t('operator.nav.menu')}
        </button>
        <ul id={listId} className="console-nav__list" data-open={open || undefined}>
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="console-nav__link"
                aria-current={section.to === current ? 'page' : undefined}
                onClick={() => setOpenOn(null)}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
