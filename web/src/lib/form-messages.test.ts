import { AUTH_MESSAGES } from '@roam/contract/auth';
import { CARD_MESSAGES } from '@roam/contract/checkout';
import { RENTAL_PERIOD_MESSAGES } from '@roam/contract/time';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings } from '#web/i18n/index';
import { requiredMessage, summaryMessage, translateMessage } from './form-messages';

beforeAll(async () => {
  await initI18n('en');
  await loadStrings(['forms']);
});

describe('the one map of form messages', () => {
  it("shows every spec message the contract and the server give in the spec's words", () => {
    const spoken = [
      AUTH_MESSAGES.invalidEmail,
      AUTH_MESSAGES.invalidPhone,
      AUTH_MESSAGES.tooYoung,
      AUTH_MESSAGES.acceptTos,
      AUTH_MESSAGES.passwordTooShort,
      AUTH_MESSAGES.passwordsDontMatch,
      AUTH_MESSAGES.emailTaken,
      AUTH_MESSAGES.emailNotRegistered,
      AUTH_MESSAGES.wrongPassword,
      AUTH_MESSAGES.chooseNewPassword,
      AUTH_MESSAGES.recaptchaError,
      AUTH_MESSAGES.fixErrors,
      ...Object.values(CARD_MESSAGES),
      ...Object.values(RENTAL_PERIOD_MESSAGES),
    ];
    for (const message of spoken) expect(translateMessage(i18next.t, message)).toBe(message);
  });

  it("keeps a car's own minimum age in 'You must be at least … years old.'", async () => {
    expect(translateMessage(i18next.t, 'You must be at least 25 years old.')).toBe(
      'You must be at least 25 years old.',
    );
    await i18next.changeLanguage('fr');
    await loadStrings(['forms']);
    expect(translateMessage(i18next.t, 'You must be at least 25 years old.')).toBe('Vous devez avoir au moins 25 ans.');
    await i18next.changeLanguage('en');
  });

  it("says 'Please check this field.' for words it does not know, never the server's raw text", () => {
    expect(translateMessage(i18next.t, 'Too big: expected string to have <=200 characters')).toBe(
      'Please check this field.',
    );
  });

  it("'Please fill in the field: X' at a field; several missing fields are named above the form", () => {
    expect(requiredMessage(i18next.t, 'Phone')).toBe('Please fill in the field: Phone');
    expect(summaryMessage(i18next.t, ['Phone', 'Email'])).toBe('Please fill in the fields: Phone, Email');
    expect(summaryMessage(i18next.t, ['Phone'])).toBe('Please fix errors.');
    expect(summaryMessage(i18next.t, [])).toBe('Please fix errors.');
  });
});
