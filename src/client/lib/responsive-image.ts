/** The widths the server offers for uploaded images (GET /objects/uploads/:name?w=). */
const WIDTHS = [320, 640, 960, 1280];

/**
 * srcSet for an image: uploaded images come in several widths so the browser fetches the size the
 * page shows; the site's own images are already sized and get none.
 */
export function responsiveSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !url.startsWith('/objects/uploads/')) return undefined;
  return WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}
