import type { ComponentType } from 'react';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { loadStrings, STRING_AREAS } from '#web/i18n/index';
import { FALLBACK_SETTINGS, settingsQueryOptions } from '#web/lib/settings';
import { PageLoading } from '#web/ui/page-loading';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * A route whose screen is loaded on first visit (spec §2: every screen loads lazily), together with the strings of
 * the areas it shows (i18n/areas.json, by the screen file's name), so that it never renders a raw key.
 */
function screen<Module>(
  name: keyof typeof STRING_AREAS.screens,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  const areas = STRING_AREAS.screens[name] ?? [];
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadStrings(areas)]);
      return { Component: pick(module) };
    },
  };
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
              'home',
              () => import('#web/features/home/home-screen'),
              (m) => m.HomeScreen,
            ),
          },
          {
            path: 'setup',
            ...screen(
              'setup',
              () => import('#web/features/setup/setup-screen'),
              (m) => m.SetupScreen,
            ),
          },
          {
            path: 'sign-in',
            ...screen(
              'sign-in',
              () => import('#web/features/auth/sign-in-screen'),
              (m) => m.SignInScreen,
            ),
          },
          {
            path: 'sign-up',
            ...screen(
              'sign-up',
              () => import('#web/features/auth/sign-up-screen'),
              (m) => m.SignUpScreen,
            ),
          },
          {
            path: 'activate',
            ...screen(
              'activate',
              () => import('#web/features/auth/activate-screen'),
              (m) => m.ActivateScreen,
            ),
          },
          {
            path: 'forgot-password',
            ...screen(
              'forgot-password',
              () => import('#web/features/auth/forgot-password-screen'),
              (m) => m.ForgotPasswordScreen,
            ),
          },
          {
            path: 'reset-password',
            ...screen(
              'reset-password',
              () => import('#web/features/auth/reset-password-screen'),
              (m) => m.ResetPasswordScreen,
            ),
          },
          {
            path: 'search',
            ...screen(
              'search',
              () => import('#web/features/search/search-screen'),
              (m) => m.SearchScreen,
            ),
          },
          {
            path: 'checkout',
            ...screen(
              'checkout',
              () => import('#web/features/checkout/checkout-screen'),
              (m) => m.CheckoutScreen,
            ),
          },
          {
            path: 'checkout-session/:sessionId',
            ...screen(
              'checkout-session',
              () => import('#web/features/checkout/checkout-session-screen'),
              (m) => m.CheckoutSessionScreen,
            ),
          },
          {
            path: 'bookings',
            ...screen(
              'bookings',
              () => import('#web/features/bookings/bookings-screen'),
              (m) => m.BookingsScreen,
            ),
          },
          {
            path: 'booking',
            ...screen(
              'booking',
              () => import('#web/features/bookings/booking-screen'),
              (m) => m.BookingScreen,
            ),
          },
          {
            path: 'manage-booking',
            ...screen(
              'manage-booking',
              () => import('#web/features/bookings/manage-booking-screen'),
              (m) => m.ManageBookingScreen,
            ),
          },
          {
            path: 'settings',
            ...screen(
              'settings',
              () => import('#web/features/account/settings-screen'),
              (m) => m.SettingsScreen,
            ),
          },
          {
            path: 'change-password',
            ...screen(
              'change-password',
              () => import('#web/features/account/change-password-screen'),
              (m) => m.ChangePasswordScreen,
            ),
          },
          {
            path: 'notifications',
            ...screen(
              'notifications',
              () => import('#web/features/notifications/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'about',
            ...screen(
              'about',
              () => import('#web/features/info/about-screen'),
              (m) => m.AboutScreen,
            ),
          },
          {
            path: 'tos',
            ...screen(
              'tos',
              () => import('#web/features/info/tos-screen'),
              (m) => m.TosScreen,
            ),
          },
          {
            path: 'privacy',
            ...screen(
              'privacy',
              () => import('#web/features/info/privacy-screen'),
              (m) => m.PrivacyScreen,
            ),
          },
          {
            path: 'contact',
            ...screen(
              'contact',
              () => import('#web/features/info/contact-screen'),
              (m) => m.ContactScreen,
            ),
          },
          {
            path: 'faq',
            ...screen(
              'faq',
              () => import('#web/features/info/faq-screen'),
              (m) => m.FaqScreen,
            ),
          },
          {
            path: 'cookie-policy',
            ...screen(
              'cookie-policy',
              () => import('#web/features/info/cookie-policy-screen'),
              (m) => m.CookiePolicyScreen,
            ),
          },
          {
            path: 'newsletter/confirm',
            ...screen(
              'newsletter-confirm',
              () => import('#web/features/newsletter/newsletter-confirm-screen'),
              (m) => m.NewsletterConfirmScreen,
            ),
          },
          {
            path: 'newsletter/unsubscribe',
            ...screen(
              'newsletter-unsubscribe',
              () => import('#web/features/newsletter/newsletter-unsubscribe-screen'),
              (m) => m.NewsletterUnsubscribeScreen,
            ),
          },
          {
            path: 'locations',
            ...screen(
              'locations',
              () => import('#web/features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'suppliers',
            loader: suppliersLoader,
            ...screen(
              'suppliers',
              () => import('#web/features/suppliers/suppliers-screen'),
              (m) => m.SuppliersScreen,
            ),
          },
          {
            path: '*',
            ...screen(
              'not-found',
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
