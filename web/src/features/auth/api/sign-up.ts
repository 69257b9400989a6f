import type { SignUp } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import { api } from '../../../lib/api-client';

/** `POST /api/sign-up`: the new account comes back signed in (unverified until the e-mailed link is used). */
export const signUp = (input: SignUp) => api.post<User>('/api/sign-up', input);

/** `POST /api/validate-email`: resolves when the address is free; EMAIL_TAKEN when it is registered. */
export const validateEmail = (email: string) => api.post('/api/validate-email', { email });
