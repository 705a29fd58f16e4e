import { z } from 'zod';
import { messageSchema } from '../../../shared/auth';
import {
  adminBlogTagSchema,
  adminTagsInputSchema,
  blogTagSchema,
  tagDetailsSchema,
  tagUpdateSchema,
} from '../../../shared/blog-publishing.schema';
import { blogIdSchema } from '../../../shared/blog.schema';
import { staffProcedure } from '../../web/trpc/init';
import { idInput, pagedOf } from './router-inputs';
import { deleteTag, listAdminTags, mergeTags, suggestTags, updateTag } from './tags';

// The admin's tags: the list, suggestions while typing, rename, merge, delete.
export const tagAdminProcedures = {
  adminTags: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-tags',
        tags: ['Admin'],
        summary: 'Tags A to Z with their post counts, one page at a time (q: part of the name)',
        description:
          'postCount is every post that carries the tag, drafts and scheduled posts included (what deleting ' +
          'it touches); publishedCount is the posts published by now, the number its public page shows.',
        errorResponses: { 400: 'page or pageSize not a whole number' },
      },
    })
    .input(adminTagsInputSchema)
    .output(pagedOf(adminBlogTagSchema))
    .query(({ ctx, input }) => listAdminTags(ctx.deps.db, input)),

  tagSuggest: staffProcedure('writePosts')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog-tags/suggest',
        tags: ['Admin'],
        summary: 'Up to 10 tags whose name starts with q, for the editor while typing',
        errorResponses: { 400: 'q too long' },
      },
    })
    .input(z.object({ q: z.string().trim().max(50) }))
    .output(z.array(z.object({ name: z.string(), slug: z.string(), postCount: z.number().int() })))
    .query(({ ctx, input }) => suggestTags(ctx.deps.db, input.q)),

  renameTag: staffProcedure('editAllPosts')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/blog-tags/{id}',
        tags: ['Admin'],
        summary: 'Renames a tag (its address stays) and sets what its page shows',
        description:
          'Any of name, description (shown on the tag page) and metaTitle and metaDescription (for search ' +
          'engines; empty means "Posts tagged <name>" and the description). Fields left out are kept.',
        errorResponses: {
          400: 'An empty or too long name, or a field too long',
          404: 'No such tag',
          409: 'Another tag has that name',
        },
      },
    })
    .input(tagUpdateSchema.extend({ id: blogIdSchema }))
    .output(tagDetailsSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => updateTag(ctx.deps.db, id, fields)),

  mergeTags: staffProcedure('editAllPosts')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/blog-tags/{fromId}/merge',
        tags: ['Admin'],
        summary: "Moves a tag's posts to another tag (intoId) and deletes it",
        errorResponses: { 400: 'The same tag twice', 404: 'No such tag' },
      },
    })
    .input(z.object({ fromId: blogIdSchema, intoId: blogIdSchema }))
    .output(blogTagSchema)
    .mutation(({ ctx, input }) => mergeTags(ctx.deps.db, input.fromId, input.intoId)),

  deleteTag: staffProcedure('editAllPosts')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/blog-tags/{id}',
        tags: ['Admin'],
        summary: 'Deletes a tag (its posts keep their other tags)',
        errorResponses: { 400: 'The id is not a whole number', 404: 'No such tag' },
      },
    })
    .input(idInput)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTag(ctx.deps.db, input.id);
      return { message: 'Tag deleted' };
    }),
};
