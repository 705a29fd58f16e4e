import { describe, expect, it } from 'vitest';
import {
  blogSearchHref,
  blogTagHref,
  parseBlogSearchQuery,
  readingMinutes,
  readingTimeLabel,
  slugify,
} from '../../src/shared/blog-publishing';
import { publishingFieldsSchema } from '../../src/shared/blog-publishing.schema';

// The publisher's blog's helpers that the editor and the server share: a slug, a reading time or an
// address must come out the same on both sides.
describe('slugify', () => {
  it.each([
    ['Market Day in Hitchin!', 'market-day-in-hitchin'],
    ['Café & Cake Day', 'cafe-and-cake-day'],
    ['  --Spaces   and---hyphens--  ', 'spaces-and-hyphens'],
    ['2026', 'post-2026'],
    ['£££', ''],
  ])('%j -> %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it('cuts a long title at the limit without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(100), 20);
    expect(slug.length).toBeLessThanOrEqual(20);
    expect(slug).not.toMatch(/-$/);
  });

  it('makes slugs the schema accepts', () => {
    for (const title of ['Market Day in Hitchin!', 'Café & Cake Day', '2026'])
      expect(publishingFieldsSchema.safeParse({ slug: slugify(title) }).success).toBe(true);
    expect(publishingFieldsSchema.safeParse({ slug: '42' }).success).toBe(false);
    expect(publishingFieldsSchema.safeParse({ slug: 'Upper-Case' }).success).toBe(false);
  });
});

describe('reading time', () => {
  it('counts the words of the HTML, not its tags, at 200 a minute, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(200)}</p>`)).toBe(1);
    expect(readingMinutes(`<p class="a b c d e f">${'word '.repeat(201)}</p>`)).toBe(2);
    expect(readingTimeLabel(3)).toBe('3 min read');
  });
});

describe('addresses', () => {
  it('pages of a tag and of a search, and back', () => {
    expect(blogTagHref('walks')).toBe('/blog/tag/walks');
    expect(blogTagHref('walks', 2)).toBe('/blog/tag/walks?page=2');
    expect(blogSearchHref('pumpkin carving')).toBe('/search?q=pumpkin+carving');
    expect(parseBlogSearchQuery('q=pumpkin+carving&page=2')).toEqual({ q: 'pumpkin carving', page: 2 });
    expect(parseBlogSearchQuery('q=%20%20&page=x')).toEqual({ q: '', page: 1 });
  });
});
