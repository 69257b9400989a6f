import type { z } from 'zod';
import type { PageParamsSchema } from './paging.schema.ts';

export type PageParams = z.infer<typeof PageParamsSchema>;
