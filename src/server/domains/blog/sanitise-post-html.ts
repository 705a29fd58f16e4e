import sanitizeHtml from 'sanitize-html';
import { POST_HTML_TAGS } from '../../../shared/blog';

// Relative links in a post resolve against this stand-in origin: a link whose origin differs goes
// to another site. Parsing with URL, as the browser will, catches what a pattern misses
// (`https:\\evil.example`, a leading space, upper case).
const SITE = new URL('https://this-site.invalid/');
/** rel values a post may keep on a link to this site; 'opener' and anything unknown are dropped. */
const KEPT_REL = new Set([
  'nofollow',
  'noopener',
  'noreferrer',
  'ugc',
  'sponsored',
  'external',
  'help',
  'license',
  'tag',
]);

function linkAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { href: rawHref, rel, target, ...rest } = attribs;
  const href = (rawHref ?? '').trim();
  const url = URL.canParse(href, SITE) ? new URL(href, SITE) : null;
  // Not a URL a browser could follow: keep the text, drop the link target.
  if (!url) return { tagName, attribs: rest };
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  const elsewhere = web && url.origin !== SITE.origin;
  // A link to another site, or one asking to open in another window, opens in a new tab without a
  // handle on this page (noopener) and without passing the address on.
  if (elsewhere || target !== undefined) {
    return {
      tagName,
      attribs: {
        ...rest,
        href: elsewhere ? url.href : href,
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    };
  }
  const kept = (rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => KEPT_REL.has(token));
  return { tagName, attribs: { ...rest, href, ...(kept.length > 0 ? { rel: kept.join(' ') } : {}) } };
}

// The allow-list for blog post HTML: what the admin editor produces and nothing else. No script,
// no style, no event handlers, no javascript: URLs, and images only from this site.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_HTML_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    // The post's title is the page's h1, so headings in the body start at h2.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => linkAttributes(tagName, attribs),
  },
  exclusiveFilter: (frame) => {
    // Images must come from this site (an upload or a file in public/): no request to another host.
    if (frame.tag === 'img') return !/^\/(?!\/)/.test(frame.attribs.src ?? '');
    return false;
  },
};

export function sanitisePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML has anything to show: text, or at least one image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, '').length > 0;
}

/**
 * A post's HTML for a place with no page to resolve addresses from (an e-mail): the post allow-list,
 * then this site's relative image and link addresses made absolute against `origin`, in a second
 * pass that allows no tag, attribute or scheme the post allow-list does not.
 */
export function postHtmlWithAbsoluteUrls(
  html: string,
  origin: string,
  options: { imageWidth?: string } = {},
): string {
  const absolute = (url: string | undefined) =>
    url && /^\/(?!\/)/.test(url) ? `${origin}${url}` : (url ?? '');
  return sanitizeHtml(sanitisePostHtml(html), {
    allowedTags: OPTIONS.allowedTags,
    allowedAttributes: OPTIONS.allowedAttributes,
    allowedSchemes: OPTIONS.allowedSchemes,
    // Images were this site's (the first pass kept no other); once absolute they are http(s).
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: OPTIONS.nonTextTags,
    transformTags: {
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          src: absolute(attribs.src),
          ...(options.imageWidth && !attribs.width ? { width: options.imageWidth } : {}),
        },
      }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.href === undefined ? attribs : { ...attribs, href: absolute(attribs.href) },
      }),
    },
  }).trim();
}
