import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

export const LanguageSchema = z.enum(LANGUAGES);
