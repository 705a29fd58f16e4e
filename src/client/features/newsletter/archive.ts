import { ROUTES } from '../../../shared/routes';

// The archive's addresses: /newsletter is page 1, /newsletter?page=2 the next; each issue at /newsletter/<slug>.

export function archivePageHref(page: number): string {
  return page > 1 ? `${ROUTES.newsletterArchive}?page=${page}` : ROUTES.newsletterArchive;
}

export function issueHref(slug: string): string {
  return `${ROUTES.newsletterArchive}/${encodeURIComponent(slug)}`;
}

/** The archive's query string as a page number; null for a page that is not a whole number from 1. */
export function parseArchiveSearch(search: string): { page: number } | null {
  const raw = new URLSearchParams(search).get('page');
  if (raw === null) return { page: 1 };
  return /^[1-9]\d{0,4}$/.test(raw) ? { page: Number(raw) } : null;
}
