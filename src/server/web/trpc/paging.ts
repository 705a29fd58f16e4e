import { z } from 'zod';
import type { Context } from './context';

// A list answered as a plain array (GET /api/blog, /api/podcasts, /api/admin/blogs) tells its paging
// in headers: the total, and links to the pages beside it.

/** The paging facts of a list answer, as headers: the body stays the plain array clients know. */
export const pagingHeaders = z.object({
  'X-Total-Count': z
    .string()
    .meta({ description: 'How many items match (all pages together).', example: '137' }),
  Link: z.string().optional().meta({
    description: 'RFC 8288 links to the next and previous pages, when there are any.',
    example:
      '<https://example.com/api/blog?page=3&limit=12>; rel="next", <https://example.com/api/blog?page=1&limit=12>; rel="prev"',
  }),
});

/** What a list paged by page and limit answers 400 for, as its OpenAPI document says. */
export const pagingErrors = (limitMax: number) => ({
  400: `page or limit not a whole number, or limit above ${limitMax}`,
});

export type PagingQuery = {
  page: number;
  limit: number;
  category?: string | undefined;
  q?: string | undefined;
  status?: string | undefined;
};

/** The wire's `limit` as the services' `pageSize`: the one place the two names meet. */
export function withPageSize<T extends { limit: number }>(input: T): Omit<T, 'limit'> & { pageSize: number } {
  const { limit, ...rest } = input;
  return { ...rest, pageSize: limit };
}

function setPagingHeaders(ctx: Context, path: string, input: PagingQuery, total: number) {
  const pageUrl = (page: number) => {
    const query = new URLSearchParams({ page: String(page), limit: String(input.limit) });
    for (const key of ['category', 'q', 'status'] as const) {
      const value = input[key];
      if (value) query.set(key, value);
    }
    return `<${ctx.deps.config.publicUrl}/api${path}?${query.toString()}>`;
  };
  const pages = Math.max(1, Math.ceil(total / input.limit));
  const links: string[] = [];
  if (input.page < pages) links.push(`${pageUrl(input.page + 1)}; rel="next"`);
  if (input.page > 1) links.push(`${pageUrl(Math.min(input.page - 1, pages))}; rel="prev"`);
  void ctx.res.header('X-Total-Count', String(total));
  if (links.length > 0) void ctx.res.header('Link', links.join(', '));
}

/** A page of a list as the answer: its items are the body, its total and neighbours the headers. */
export function answerPage<Item>(
  ctx: Context,
  path: string,
  input: PagingQuery,
  page: { items: Item[]; total: number },
): Item[] {
  setPagingHeaders(ctx, path, input, page.total);
  return page.items;
}
