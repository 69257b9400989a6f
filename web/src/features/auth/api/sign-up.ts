import type { SignUp, SignUpPending } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import { api } from '#web/lib/api-client';

/**
 * `POST /api/sign-up`: the new account comes back signed in (unverified until the e-mailed link is used); with a guest
 * checkout's e-mail, `{ pendingActivation }` — the e-mailed link completes that account.
 */
export const signUp = (input: SignUp) => api.post<User | SignUpPending>('/api/sign-up', input);

/**
 * `POST /api/validate-email`: resolves when the address is free; EMAIL_TAKEN when it is registered. `signUp`: a guest
 * checkout's account counts as free (signing up completes it).
 */
export const validateEmail = (email: string, signUp = false) =>
  api.post('/api/validate-email', signUp ? { email, signUp } : { email });
