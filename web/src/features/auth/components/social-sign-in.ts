import type { SocialProvider } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '#web/lib/api-client';
import { setSessionUser } from '#web/lib/session';
import { toast } from '#web/ui/toast';
import { adoptUserLanguage } from '../api/sign-in';

// The providers' browser SDKs, loaded on click only. Each hands back a token the server verifies:
// Google and Apple an ID token, Facebook an access token.

type Globals = {
  google?: {
    accounts: { id: { initialize(o: object): void; prompt(): void } };
  };
  FB?: {
    init(o: object): void;
    login(cb: (r: { authResponse?: { accessToken: string } }) => void, o: object): void;
  };
  AppleID?: {
    auth: {
      init(o: object): void;
      signIn(): Promise<{
        authorization: { id_token: string };
        user?: { name?: { firstName?: string; lastName?: string } };
      }>;
    };
  };
};

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

async function providerToken(
  provider: SocialProvider,
  clientId: string,
  sdkUrl: string,
): Promise<{ token: string; fullName?: string }> {
  await loadScript(sdkUrl);
  const w = window as unknown as Globals;
  if (provider === 'google') {
    return new Promise((resolve) => {
      w.google!.accounts.id.initialize({
        client_id: clientId,
        callback: (answer: { credential: string }) => resolve({ token: answer.credential }),
      });
      w.google!.accounts.id.prompt();
    });
  }
  if (provider === 'facebook') {
    w.FB!.init({ appId: clientId, version: 'v19.0' });
    return new Promise((resolve, reject) => {
      w.FB!.login(
        (answer) =>
          answer.authResponse ? resolve({ token: answer.authResponse.accessToken }) : reject(new Error('cancelled')),
        { scope: 'email' },
      );
    });
  }
  w.AppleID!.auth.init({ clientId, scope: 'name email', redirectURI: window.location.origin, usePopup: true });
  const answer = await w.AppleID!.auth.signIn();
  const name = [answer.user?.name?.firstName, answer.user?.name?.lastName].filter(Boolean).join(' ');
  return { token: answer.authorization.id_token, ...(name ? { fullName: name } : {}) };
}

/** Runs the provider's flow and signs in; false (with a toast) when it fails or is cancelled. */
export async function startSocialSignIn(
  provider: SocialProvider,
  clientId: string,
  sdkUrl: string,
  t: TFunction,
  queryClient: QueryClient,
  language: string,
): Promise<boolean> {
  try {
    const { token, fullName } = await providerToken(provider, clientId, sdkUrl);
    const user = await api.post<User>('/api/social-sign-in', {
      provider,
      token,
      ...(fullName ? { fullName } : {}),
      stayConnected: false,
      language,
    });
    await adoptUserLanguage(user);
    setSessionUser(queryClient, user);
    return true;
  } catch (error) {
    console.warn(error);
    toast.error(t('auth.signIn.socialError'));
    return false;
  }
}
