import type { SignIn } from '@roam/contract/auth';
import type { TwoFactorStatus } from '@roam/contract/team';
import type { User } from '@roam/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeLanguage, isLanguage } from '#web/i18n/index';
import { api } from '#web/lib/api-client';
import { setSessionUser } from '#web/lib/session';
import { readStored, STORAGE_KEYS, writeStored } from '#web/lib/storage';

// Signing in with an e-mail address and a password (spec §4); the session itself is app-wide (lib/session.ts).

/**
 * After a sign-in the interface follows the user's saved language (spec §4), unless the address forces one with
 * `?l=` or the visitor chose one in this browser before signing in (the language menu saves it) — then that choice
 * wins and the user's language is updated (useUserLanguageSync): a visitor who switched to French is not sent back to
 * English by signing in. Switched before the user enters the session, so the sync never sees the old interface
 * language against the new user.
 */
export async function adoptUserLanguage(user: User): Promise<void> {
  const forced = new URLSearchParams(window.location.search).get('l');
  const chosen = readStored(STORAGE_KEYS.language);
  if (isLanguage(forced) || isLanguage(chosen) || !isLanguage(user.language)) return;
  await changeLanguage(user.language).catch((error: unknown) => console.warn(error));
}

export function signIn(credentials: SignIn): Promise<User> {
  return api.post<User>('/api/sign-in/frontend', credentials);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (user, credentials) => {
      writeStored(STORAGE_KEYS.stayConnected, credentials.stayConnected ? 'true' : null);
      await adoptUserLanguage(user);
      setSessionUser(queryClient, user);
    },
    // Screens show the message for the code; never the generic toast.
    onError: () => {},
  });
}

/**
 * Whether the person just signed in must set up two-step sign-in before anything else: an operator whose team
 * requires it (docs/decisions/0010-members-of-a-business.md). Drivers are never asked, and never make the call.
 */
export async function enrolmentNeeded(user: User): Promise<boolean> {
  if (user.type !== 'supplier' && user.type !== 'admin') return false;
  const status = await api.get<TwoFactorStatus>('/api/two-factor').catch(() => null);
  return Boolean(status?.required && !status.enabled);
}
