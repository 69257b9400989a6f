import { z } from 'zod';

/** `/{page}/{size}` in paged call paths (docs/architecture.md §4); pages start at 1. */
export const PageParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000),
  size: z.coerce.number().int().min(1).max(100),
});
