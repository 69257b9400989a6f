import type { z } from 'zod';
import type {
  AcceptedSchema,
  ContactMessageSchema,
  NewsletterSubscribeSchema,
  NewsletterTokenSchema,
} from './contact.schema.ts';

// A visitor's message to the provider and the newsletter's double opt-in: the payloads' types. The schemas are in
// contact.schema.ts.

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;
export type NewsletterToken = z.infer<typeof NewsletterTokenSchema>;
export type Accepted = z.infer<typeof AcceptedSchema>;
