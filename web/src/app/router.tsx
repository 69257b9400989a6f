import type { ComponentType } from 'react';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { FALLBACK_SETTINGS, settingsQueryOptions } from '../features/settings/api/get-settings';
import { PageLoading } from '../ui/page-loading';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** A route whose screen is loaded on first visit (spec §2: every screen loads lazily). */
function screen<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** Suppliers exist only when the deployment does not hide them (HIDE_SUPPLIERS, spec §2). */
async function suppliersLoader() {
  const settings = await queryClient.ensureQueryData(settingsQueryOptions).catch(() => FALLBACK_SETTINGS);
  if (settings.hideSuppliers) throw data(null, { status: 404 });
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Pathless: errors and first-load fallbacks render inside the layout, under the header.
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: PageLoading,
        children: [
          {
            index: true,
            ...screen(
              () => import('../features/home/home-screen'),
              (m) => m.HomeScreen,
            ),
          },
          {
            path: 'sign-in',
            ...screen(
              () => import('../features/auth/sign-in-screen'),
              (m) => m.SignInScreen,
            ),
          },
          {
            path: 'sign-up',
            ...screen(
              () => import('../features/auth/sign-up-screen'),
              (m) => m.SignUpScreen,
            ),
          },
          {
            path: 'activate',
            ...screen(
              () => import('../features/auth/activate-screen'),
              (m) => m.ActivateScreen,
            ),
          },
          {
            path: 'forgot-password',
            ...screen(
              () => import('../features/auth/forgot-password-screen'),
              (m) => m.ForgotPasswordScreen,
            ),
          },
          {
            path: 'reset-password',
            ...screen(
              () => import('../features/auth/reset-password-screen'),
              (m) => m.ResetPasswordScreen,
            ),
          },
          {
            path: 'search',
            ...screen(
              () => import('../features/search/search-screen'),
              (m) => m.SearchScreen,
            ),
          },
          {
            path: 'checkout',
            ...screen(
              () => import('../features/checkout/checkout-screen'),
              (m) => m.CheckoutScreen,
            ),
          },
          {
            path: 'checkout-session/:sessionId',
            ...screen(
              () => import('../features/checkout/checkout-session-screen'),
              (m) => m.CheckoutSessionScreen,
            ),
          },
          {
            path: 'bookings',
            ...screen(
              () => import('../features/bookings/bookings-screen'),
              (m) => m.BookingsScreen,
            ),
          },
          {
            path: 'booking',
            ...screen(
              () => import('../features/bookings/booking-screen'),
              (m) => m.BookingScreen,
            ),
          },
          {
            path: 'settings',
            ...screen(
              () => import('../features/account/settings-screen'),
              (m) => m.SettingsScreen,
            ),
          },
          {
            path: 'change-password',
            ...screen(
              () => import('../features/account/change-password-screen'),
              (m) => m.ChangePasswordScreen,
            ),
          },
          {
            path: 'notifications',
            ...screen(
              () => import('../features/notifications/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'about',
            ...screen(
              () => import('../features/info/about-screen'),
              (m) => m.AboutScreen,
            ),
          },
          {
            path: 'tos',
            ...screen(
              () => import('../features/info/tos-screen'),
              (m) => m.TosScreen,
            ),
          },
          {
            path: 'privacy',
            ...screen(
              () => import('../features/info/privacy-screen'),
              (m) => m.PrivacyScreen,
            ),
          },
          {
            path: 'contact',
            ...screen(
              () => import('../features/info/contact-screen'),
              (m) => m.ContactScreen,
            ),
          },
          {
            path: 'faq',
            ...screen(
              () => import('../features/info/faq-screen'),
              (m) => m.FaqScreen,
            ),
          },
          {
            path: 'cookie-policy',
            ...screen(
              () => import('../features/info/cookie-policy-screen'),
              (m) => m.CookiePolicyScreen,
            ),
          },
          {
            path: 'newsletter/confirm',
            ...screen(
              () => import('../features/newsletter/newsletter-confirm-screen'),
              (m) => m.NewsletterConfirmScreen,
            ),
          },
          {
            path: 'newsletter/unsubscribe',
            ...screen(
              () => import('../features/newsletter/newsletter-unsubscribe-screen'),
              (m) => m.NewsletterUnsubscribeScreen,
            ),
          },
          {
            path: 'locations',
            ...screen(
              () => import('../features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'suppliers',
            loader: suppliersLoader,
            ...screen(
              () => import('../features/suppliers/suppliers-screen'),
              (m) => m.SuppliersScreen,
            ),
          },
          {
            path: '*',
            ...screen(
              () => import('./not-found-screen'),
              (m) => m.NotFoundScreen,
            ),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
