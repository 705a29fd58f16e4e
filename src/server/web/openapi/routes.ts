import type { OpenAPIObject } from 'trpc-to-openapi';

// Which methods each documented path answers, read from openapi.json itself, so OPTIONS (204 with
// Allow) and 405 (with Allow) always agree with the document.

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface RouteEntry {
  pattern: RegExp;
  allow: string[];
}

export interface RouteTable {
  /** The methods a URL path answers (HEAD and OPTIONS included), or null for an unknown path. */
  allowedMethods(pathname: string): string[] | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An OpenAPI path template ('/api/blog/{id}') as a pattern for whole request paths. */
export function templateToRegExp(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** '/api/blog/' and '/api//blog' are '/api/blog', as the REST adapter reads them. */
export function normaliseRequestPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function allowList(methods: Iterable<string>): string[] {
  const upper = new Set([...methods].map((m) => m.toUpperCase()));
  if (upper.has('GET')) upper.add('HEAD');
  upper.add('OPTIONS');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  return order.filter((m) => upper.has(m));
}

/**
 * The table of a document: each path under its server (the document's, or the path item's own),
 * plus `extra` routes that answer outside it (the upload routes at the site root).
 */
export function routeTable(doc: OpenAPIObject, extra: Record<string, string[]> = {}): RouteTable {
  const base = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const entries: RouteEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const server = (item.servers?.[0]?.url ?? base).replace(/\/$/, '');
    const methods = METHODS.filter((m) => item[m] !== undefined);
    entries.push({ pattern: templateToRegExp(`${server}${path}`), allow: allowList(methods) });
  }
  for (const [path, methods] of Object.entries(extra))
    entries.push({ pattern: templateToRegExp(path), allow: allowList(methods) });
  // Literal paths before templated ones: /admin/subscribers.csv is not /admin/subscribers/{id}.
  entries.sort((a, b) => a.pattern.source.split('[^/]+').length - b.pattern.source.split('[^/]+').length);
  return {
    allowedMethods(pathname) {
      const path = normaliseRequestPath(pathname);
      return entries.find((entry) => entry.pattern.test(path))?.allow ?? null;
    },
  };
}
