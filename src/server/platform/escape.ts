/** Text or an attribute value inside HTML: the four characters that could end or open markup. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text inside XML (sitemaps, feeds): HTML's four and the apostrophe, which XML names too. */
export const escapeXml = (s: string) => escapeHtml(s).replace(/'/g, '&apos;');
