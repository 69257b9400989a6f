import { z } from 'zod';
import { APP_TYPES, AUTH_MESSAGES, isOldEnough, isValidPhone, SOCIAL_PROVIDERS, TOKEN_PURPOSES } from './auth.ts';
import { BOOKING_RULES } from './booking-rules.ts';
import { LanguageSchema } from './languages.schema.ts';
import { text } from './text.schema.ts';
import { DateStringSchema } from './time.schema.ts';

// The schemas of the account calls (spec §7; their values, messages, rules and types: auth.ts). Messages are the
// spec's English words (§5, §8); the web app shows its own translation chosen by code or by field.

export const AppTypeSchema = z.enum(APP_TYPES);
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export const TokenPurposeSchema = z.enum(TOKEN_PURPOSES);

/** An empty-handed success: the spec's calls that answer with a bare status. */
export const OkSchema = z.object({ ok: z.literal(true) });

export const EmailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }));

export const PasswordSchema = z
  .string()
  .min(BOOKING_RULES.minPasswordLength, { message: AUTH_MESSAGES.passwordTooShort })
  .max(200);

/** `POST /api/sign-in/frontend`. */
export const SignInSchema = z.object({
  email: text().min(1).max(320),
  password: z.string().min(1).max(200),
  stayConnected: z.boolean().default(false),
  /**
   * The second factor of an account that has one (docs/decisions/0010-members-of-a-business.md): a TOTP code or a
   * recovery code. Without it such an account's sign-in answers 401 `TWO_FACTOR_REQUIRED` once the password is right.
   */
  code: text().min(1).max(20).optional(),
  /** Spare this browser the second factor for 30 days (a signed cookie bound to the account). */
  rememberBrowser: z.boolean().optional(),
});

/**
 * A code of one's second factor (TOTP or recovery code): enrolment's confirmation, new recovery codes, and turning it
 * off (`POST /api/two-factor/disable`: a code, so that a session or a password alone cannot take the factor off).
 * Here rather than in team.schema.ts: the customer app's settings load it without the team's table.
 */
export const TwoFactorCodeSchema = z.object({ code: z.string().trim().min(1).max(20) });

export const AppTypeParamsSchema = z.object({ appType: AppTypeSchema });

/** `POST /api/update-language`. */
export const UpdateLanguageSchema = z.object({ id: z.uuid(), language: LanguageSchema });

/** The sign-up fields a person fills in (the form's, without the confirmation). */
const SignUpFieldsSchema = z.object({
  fullName: text().min(1).max(200),
  email: EmailSchema,
  phone: z.string().trim().max(40).refine(isValidPhone, { message: AUTH_MESSAGES.invalidPhone }),
  birthDate: DateStringSchema.refine((date) => isOldEnough(date), { message: AUTH_MESSAGES.tooYoung }),
  password: PasswordSchema,
  tosAccepted: z.literal(true, { message: AUTH_MESSAGES.acceptTos }),
});

/** `POST /api/sign-up`. The confirmation is checked by the form; the server checks everything else again. */
export const SignUpSchema = SignUpFieldsSchema.extend({
  language: LanguageSchema.default('en'),
  /** Required when reCAPTCHA is configured (settings.recaptchaSiteKey). */
  recaptchaToken: z.string().max(4000).optional(),
});

/**
 * `POST /api/sign-up`'s 202: the e-mail belongs to a guest checkout's account; the link e-mailed to it completes the
 * account with the form's details. Nobody is signed in.
 */
export const SignUpPendingSchema = z.object({ pendingActivation: z.literal(true) });

/**
 * `POST /api/validate-email`. `signUp` from the sign-up form: a guest checkout's account is not 'taken' there, as
 * signing up completes it.
 */
export const ValidateEmailSchema = z.object({ email: EmailSchema, signUp: z.boolean().optional() });

/** `GET /api/check-token/{appType}/{userId}/{email}/{token}`. */
export const CheckTokenParamsSchema = z.object({
  appType: AppTypeSchema,
  userId: z.uuid(),
  email: text().max(320),
  token: z.string().min(1).max(200),
});

/** The answer of check-token: the link's purpose, and whether the account must choose a password with it. */
export const CheckTokenResultSchema = z.object({ purpose: TokenPurposeSchema, needsPassword: z.boolean() });

/** `POST /api/activate`: an activation or reset link's token; the password when the account needs one. */
export const ActivateSchema = z.object({
  userId: z.uuid(),
  token: z.string().min(1).max(200),
  password: PasswordSchema.optional(),
});

/** `POST /api/resend/{appType}/{email}/{reset}`: reset=true sends a password-reset link, false an activation link. */
export const ResendParamsSchema = z.object({
  appType: AppTypeSchema,
  email: EmailSchema,
  reset: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** `GET /api/check-password/{userId}/{password}`. */
export const CheckPasswordParamsSchema = z.object({ userId: z.uuid(), password: z.string().min(1).max(200) });

/** `POST /api/change-password`. `currentPassword` is asked only when the account has one (has-password). */
export const ChangePasswordSchema = z.object({
  userId: z.uuid(),
  currentPassword: z.string().max(200).optional(),
  newPassword: PasswordSchema,
});

/** `GET /api/has-password/{userId}`. */
export const HasPasswordSchema = z.object({ hasPassword: z.boolean() });

/** `POST /api/verify-recaptcha/{token}/{ip}`. */
export const VerifyRecaptchaParamsSchema = z.object({ token: z.string().min(1).max(4000), ip: z.string().max(64) });

/** `POST /api/social-sign-in`: an ID token (Google, Apple) or an access token (Facebook) from the provider. */
export const SocialSignInSchema = z.object({
  provider: SocialProviderSchema,
  token: z.string().min(1).max(8000),
  /** Apple sends the name only on the first sign-in, outside the token. */
  fullName: text().max(200).optional(),
  stayConnected: z.boolean().default(false),
  language: LanguageSchema.default('en'),
});

// --- The forms' schemas: the payloads above as the web's forms fill them, the single source of their
// rules. Each adds only what a form asks and the server never sees (a password's confirmation); none changes what
// the server accepts.

/** A form's new password and its confirmation (spec §5 "Passwords don't match."), `field` naming the password. */
function withConfirmation<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, field: keyof Shape & string) {
  return schema.extend({ confirmPassword: z.string().min(1) }).refine(
    (values) => {
      const entered = values as Record<string, unknown>;
      return entered[field] === entered.confirmPassword;
    },
    {
      path: ['confirmPassword'],
      message: AUTH_MESSAGES.passwordsDontMatch,
      // Said with the other fields' messages, not only once they pass (zod skips a refinement after some failures).
      when: () => true,
    },
  );
}

/**
 * The sign-up form: the fields of the sign-up payload, with the confirmation (the payload's language is the
 * interface's, not a field).
 */
export const SignUpFormSchema = withConfirmation(SignUpFieldsSchema, 'password');

/** The password an activation or a reset link sets, with its confirmation. */
export const NewPasswordFormSchema = withConfirmation(z.object({ password: PasswordSchema }), 'password');

/**
 * The change-password form. The current password is asked only when the account has one (has-password); the new
 * one must differ from it (spec §5 'Please choose a new password').
 */
export function changePasswordFormSchema(asksCurrent: boolean) {
  return withConfirmation(
    z.object({
      currentPassword: asksCurrent ? z.string().min(1).max(200) : z.string().max(200),
      newPassword: PasswordSchema,
    }),
    'newPassword',
  ).refine((values) => !asksCurrent || values.currentPassword !== values.newPassword, {
    path: ['newPassword'],
    message: AUTH_MESSAGES.chooseNewPassword,
    when: () => true,
  });
}
