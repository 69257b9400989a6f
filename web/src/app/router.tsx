import type { ComponentType } from 'react';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { loadStrings, STRING_AREAS } from '../i18n/index';
import { FALLBACK_SETTINGS, settingsQueryOptions } from '../lib/settings';
import { PageLoading } from '../ui/page-loading';
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
              () => import('../features/home/home-screen'),
              (m) => m.HomeScreen,
            ),
          },
          {
            path: 'setup',
            ...screen(
              'setup',
              () => import('../features/setup/setup-screen'),
              (m) => m.SetupScreen,
            ),
          },
          {
            path: 'sign-in',
            ...screen(
              'sign-in',
              () => import('../features/auth/sign-in-screen'),
              (m) => m.SignInScreen,
            ),
          },
          {
            path: 'sign-up',
            ...screen(
              'sign-up',
              () => import('../features/auth/sign-up-screen'),
              (m) => m.SignUpScreen,
            ),
          },
          {
            path: 'activate',
            ...screen(
              'activate',
              () => import('../features/auth/activate-screen'),
              (m) => m.ActivateScreen,
            ),
          },
          {
            path: 'forgot-password',
            ...screen(
              'forgot-password',
              () => import('../features/auth/forgot-password-screen'),
              (m) => m.ForgotPasswordScreen,
            ),
          },
          {
            path: 'reset-password',
            ...screen(
              'reset-password',
              () => import('../features/auth/reset-password-screen'),
              (m) => m.ResetPasswordScreen,
            ),
          },
          {
            path: 'search',
            ...screen(
              'search',
              () => import('../features/search/search-screen'),
              (m) => m.SearchScreen,
            ),
          },
          {
            path: 'checkout',
            ...screen(
              'checkout',
              () => import('../features/checkout/checkout-screen'),
              (m) => m.CheckoutScreen,
            ),
          },
          {
            path: 'checkout-session/:sessionId',
            ...screen(
              'checkout-session',
              () => import('../features/checkout/checkout-session-screen'),
              (m) => m.CheckoutSessionScreen,
            ),
          },
          {
            path: 'bookings',
            ...screen(
              'bookings',
              () => import('../features/bookings/bookings-screen'),
              (m) => m.BookingsScreen,
            ),
          },
          {
            path: 'booking',
            ...screen(
              'booking',
              () => import('../features/bookings/booking-screen'),
              (m) => m.BookingScreen,
            ),
          },
          {
            path: 'manage-booking',
            ...screen(
              'manage-booking',
              () => import('../features/bookings/manage-booking-screen'),
              (m) => m.ManageBookingScreen,
            ),
          },
          {
            path: 'settings',
            ...screen(
              'settings',
              () => import('../features/account/settings-screen'),
              (m) => m.SettingsScreen,
            ),
          },
          {
            path: 'change-password',
            ...screen(
              'change-password',
              () => import('../features/account/change-password-screen'),
              (m) => m.ChangePasswordScreen,
            ),
          },
          {
            path: 'notifications',
            ...screen(
              'notifications',
              () => import('../features/notifications/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'about',
            ...screen(
              'about',
              () => import('../features/info/about-screen'),
              (m) => m.AboutScreen,
            ),
          },
          {
            path: 'tos',
            ...screen(
              'tos',
              () => import('../features/info/tos-screen'),
              (m) => m.TosScreen,
            ),
          },
          {
            path: 'privacy',
            ...screen(
              'privacy',
              () => import('../features/info/privacy-screen'),
              (m) => m.PrivacyScreen,
            ),
          },
          {
            path: 'contact',
            ...screen(
              'contact',
              () => import('../features/info/contact-screen'),
              (m) => m.ContactScreen,
            ),
          },
          {
            path: 'faq',
            ...screen(
              'faq',
              () => import('../features/info/faq-screen'),
              (m) => m.FaqScreen,
            ),
          },
          {
            path: 'cookie-policy',
            ...screen(
              'cookie-policy',
              () => import('../features/info/cookie-policy-screen'),
              (m) => m.CookiePolicyScreen,
            ),
          },
          {
            path: 'newsletter/confirm',
            ...screen(
              'newsletter-confirm',
              () => import('../features/newsletter/newsletter-confirm-screen'),
              (m) => m.NewsletterConfirmScreen,
            ),
          },
          {
            path: 'newsletter/unsubscribe',
            ...screen(
              'newsletter-unsubscribe',
              () => import('../features/newsletter/newsletter-unsubscribe-screen'),
              (m) => m.NewsletterUnsubscribeScreen,
            ),
          },
          {
            path: 'locations',
            ...screen(
              'locations',
              () => import('../features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'suppliers',
            loader: suppliersLoader,
            ...screen(
              'suppliers',
              () => import('../features/suppliers/suppliers-screen'),
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
