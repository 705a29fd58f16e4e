// What the server's paged lists share (the admin's inbox, subscribers, admins, the academy's lists,
// and the searches of the blog and podcasts).

/** One page of a list and the size of the whole, so the client can page without counting itself. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A LIKE pattern that matches the text literally anywhere (% and _ in a search are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
