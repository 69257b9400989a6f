import { z } from 'zod';
import { hasControlCharacters, TEXT_MESSAGES } from './text.ts';

/**
 * A text field's schema: trimmed, without control characters (one line unless `multiline`); chain `.min()` and
 * `.max()` as for any string. `missing` is the message when the field is not a string at all.
 */
export function text(options: { multiline?: boolean; missing?: string } = {}) {
  const multiline = options.multiline === true;
  return z
    .string(options.missing ? { error: options.missing } : undefined)
    .trim()
    .refine((value) => !hasControlCharacters(value, multiline), { error: TEXT_MESSAGES.controlCharacters });
}
