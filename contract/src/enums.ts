import { z } from 'zod';
import { USER_TYPES } from './console-enum-values.ts';
import { APP_TYPES, RECORD_KINDS, SOCIAL_PROVIDERS } from './enum-values.ts';

// The zod enums of spec §3, made from the arrays of enum-values.ts (which this module re-exports, for the server and
// the contract's schemas). The web imports enum-values.ts, never this module (biome.json): see why there.
export * from './console-enum-values.ts';
export * from './enum-values.ts';

export const UserTypeSchema = z.enum(USER_TYPES);
export const AppTypeSchema = z.enum(APP_TYPES);
export const RecordKindSchema = z.enum(RECORD_KINDS);
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
