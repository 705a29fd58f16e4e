import sanitizeHtml from 'sanitize-html';

// The allow-list for blog post HTML: what the admin editor produces and nothing else. No script,
// no style, no event handlers, no javascript: URLs, and images only from this site.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'img', 'hr', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // The post's title is the page's h1, so headings in the body start at h2.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : { ...attribs, rel: attribs.rel ?? '' },
      };
    },
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
