import { z } from 'zod';
import { LanguageSchema } from './languages.schema.ts';
import { text } from './text.schema.ts';

// Spec §5 messages, word for word: 'Please fill in the field: …' and 'Invalid email address'.
const required = (field: string, max: number) =>
  text({ multiline: field === 'Message', missing: `Please fill in the field: ${field}` })
    .min(1, `Please fill in the field: ${field}`)
    .max(max);
const Email = z.string().trim().max(320).pipe(z.email('Invalid email address'));

/** `POST /api/send-email`: a visitor's message to the provider. The recipient is CONTACT_EMAIL, never the request's. */
export const ContactMessageSchema = z.object({
  fullName: required('Full name', 200),
  email: Email,
  subject: required('Subject', 200),
  message: required('Message', 5000),
  /** reCAPTCHA token; required only when the deployment configures reCAPTCHA. */
  recaptchaToken: z.string().max(4000).optional(),
});

/** The footer's newsletter form: the address; the language is the interface's. */
export const NewsletterFormSchema = z.object({ email: Email });

/** `POST /api/newsletter/subscribe`: starts double opt-in; the e-mail goes out in `language`. */
export const NewsletterSubscribeSchema = NewsletterFormSchema.extend({ language: LanguageSchema });

/** `POST /api/newsletter/confirm` and `/api/newsletter/unsubscribe`: the token from the e-mailed link. */
export const NewsletterTokenSchema = z.object({ token: z.string().min(16).max(200) });

/** The answer to the contact and newsletter calls: nothing that tells whether an address was known. */
export const AcceptedSchema = z.object({ ok: z.literal(true) });
