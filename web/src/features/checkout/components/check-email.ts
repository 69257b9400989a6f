import { isApiError } from '#web/lib/api-client';
import type { ContractForm } from '#web/lib/use-contract-form';
import type { CheckoutValues } from '../lib/use-checkout-form';

/**
 * Spec §7 validate-email: a guest learns on leaving the field that the address has an account, with a way to sign in
 * and come back here. Only the latest address's answer counts (`blurred`, the address last left); the message (and
 * its sign-in link) stays until then, as a click on that link leaves this field first. In the chunk below the fold
 * (checkout-more.tsx), fetched as the form first paints: the route's first load carries none of it.
 */
export async function checkEmail(form: ContractForm<CheckoutValues>, blurred: { current: string }) {
  const email = form.values.driver.email.trim();
  blurred.current = email;
  if (!email || !(await form.validateField('driver.email'))) return;
  try {
    // Loaded on the first blur: not needed for the form's first paint.
    const { validateEmail } = await import('#web/features/auth/api/sign-up');
    await validateEmail(email);
    if (blurred.current === email) await form.setServerError('driver.email', null);
  } catch (error) {
    // Anything but "taken" (rate limit, network) is left to the submit, which checks again.
    if (isApiError(error) && error.code === 'EMAIL_TAKEN' && blurred.current === email)
      await form.setServerError('driver.email', error);
  }
}
