import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Translations } from '#web/i18n/translations';
import { LogoMark } from './icons';
import './footer.css';

type NavKey = keyof Translations['nav'];

// Spec §2 "Footer and menu" links. Language lives in the header; sign-out joins the account menu.
const LINKS: readonly { to: string; label: NavKey }[] = [
  { to: '/', label: 'home' },
  { to: '/bookings', label: 'bookings' },
  // Without an account, by reference and e-mail.
  { to: '/manage-booking', label: 'manageBooking' },
  { to: '/about', label: 'about' },
  { to: '/tos', label: 'tos' },
  { to: '/contact', label: 'contact' },
  { to: '/settings', label: 'settings' },
  { to: '/suppliers', label: 'suppliers' },
  { to: '/locations', label: 'locations' },
  { to: '/privacy', label: 'privacy' },
  { to: '/faq', label: 'faq' },
  { to: '/cookie-policy', label: 'cookiePolicy' },
];

export interface FooterProps {
  websiteName: string;
  /** False when the deployment hides suppliers (HIDE_SUPPLIERS). */
  showSuppliers: boolean;
  /** The newsletter sign-up form. */
  newsletter: ReactNode;
  /** The 'Cookie settings' control, when the deployment asks for cookie consent. */
  cookieSettings?: ReactNode;
}

export function Footer({ websiteName, showSuppliers, newsletter, cookieSettings }: FooterProps) {
  const { t } = useTranslation();
  const links = showSuppliers ? LINKS : LINKS.filter((link) => link.to !== '/suppliers');
  return (
    <footer className="site-footer on-dark">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <LogoMark size={28} />
          <span>{websiteName}</span>
        </div>
        <nav className="site-footer__nav" aria-label={t('footer.linksLabel')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="site-footer__link">
                  {t(`nav.${link.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__newsletter">{newsletter}</div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>{t('footer.copyright', { year: new Date().getFullYear(), websiteName })}</p>
          {cookieSettings}
        </div>
      </div>
    </footer>
  );
}
