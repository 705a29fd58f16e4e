import { z } from 'zod';
import { blogIdSchema } from '../../../shared/blog.schema';

// What the blog's procedures share of their inputs and outputs (the *-router.ts files).

export const idInput = z.object({ id: blogIdSchema });
export const expectedVersion = z.number().int().positive().optional();
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
