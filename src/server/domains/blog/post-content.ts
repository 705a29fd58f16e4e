import { inArray } from 'drizzle-orm';
import { badRequest } from '../../platform/errors';
import { uploads } from '../uploads';
import { BLOG_MESSAGES } from '../../../shared/blog';
import { hasVisibleContent, sanitisePostHtml } from './sanitise-post-html';
import type { Db } from './tables';

// What a post's title and content are stored as: the title trimmed, the content sanitised with its
// images' sizes, and beside it the content's plain text, which search and the reading time read.

/** Where a block of text ends: what a reader sees as a line or paragraph break. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|div|figcaption|td|th)>|<br\s*\/?>/gi;
/** An element that stands for something in the line (an image): a space, not nothing. */
const SPACED_TAG = /^<(?:img|hr)\b/i;
/** A block already ending in punctuation needs no full stop added before the next. */
const ENDS_A_SENTENCE = /[.!?:;…"'”’)\]]$/;

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A post's content as plain text: its words, without tags or entities. Inline markup leaves no space
 * ('<strong>6.15pm</strong>, with' reads '6.15pm, with'); a block that ends without punctuation (a
 * heading, a list item) gets a full stop before the next, so a search snippet never runs a heading
 * into the text after it.
 */
export const htmlToText = (html: string) =>
  html
    .replace(BLOCK_END, '\u0000')
    .replace(/<[^>]*>/g, (tag) => (SPACED_TAG.test(tag) ? ' ' : ''))
    .split('\u0000')
    .map((block) => decodeEntities(block).replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '')
    .map((block, i, blocks) => (i < blocks.length - 1 && !ENDS_A_SENTENCE.test(block) ? `${block}.` : block))
    .join(' ');

/** The title and content as stored; either empty (content with no visible text is empty) is a 400. */
export async function cleanPostFields(db: Db, input: { title: string; content: string }) {
  const title = input.title.trim();
  const content = sanitisePostHtml(input.content);
  if (!title || !hasVisibleContent(content)) throw badRequest(BLOG_MESSAGES.missingFields);
  return { title, content: await withImageSizes(db, content) };
}

/**
 * Gives each uploaded image in a post its stored width and height, and lets it load lazily, so
 * the text does not jump as images arrive. Runs on HTML the sanitiser has already rewritten.
 */
async function withImageSizes(db: Db, html: string): Promise<string> {
  const names = [...html.matchAll(/<img src="\/objects\/uploads\/([a-z2-7]{32})"/g)].map((m) => m[1]!);
  if (names.length === 0) return html;
  const rows = await db
    .select({ name: uploads.name, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(inArray(uploads.name, names));
  const sizes = new Map(rows.map((r) => [r.name, r]));
  return html.replace(
    /<img src="\/objects\/uploads\/([a-z2-7]{32})"([^>]*?)\s*\/?>/g,
    (_tag, name: string, rest: string) => {
      const size = sizes.get(name);
      let extra = /\sloading=/.test(rest) ? '' : ' loading="lazy"';
      if (size?.width && size.height && !/\swidth=/.test(rest))
        extra += ` width="${size.width}" height="${size.height}"`;
      return `<img src="/objects/uploads/${name}"${rest}${extra} />`;
    },
  );
}
