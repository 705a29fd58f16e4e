import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// Checks an HTTP answer against the committed openapi/openapi.json the way an outside integrator
// would: the status must be declared on the operation (the `default` response does not count),
// the required headers present and well-formed, the content type one the operation declares, and
// a JSON body valid against its schema. ajv reads the document itself; our Zod schemas play no part.

type Json = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../openapi/openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface ObservedExchange {
  method: string;
  /** Path and query, e.g. /api/blog/4?x=1 */
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

interface PathEntry {
  template: string;
  pattern: RegExp;
  item: Record<string, Json>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pointer(parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function header(headers: ObservedExchange['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  const [type, subtype] = declared.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

function decodeBody(exchange: ObservedExchange): Buffer {
  const encoding = header(exchange.headers, 'content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(exchange.body);
  if (encoding === 'gzip') return zlib.gunzipSync(exchange.body);
  return exchange.body;
}

export interface ResponseChecker {
  /** Every way the answer differs from the document; empty when it conforms. */
  check(exchange: ObservedExchange): string[];
  document: Json;
}

export function createResponseChecker(
  document: Json = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Json,
): ResponseChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (parts: string[]) => {
    const ref = `openapi.json#/${pointer(parts)}`;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    return validate;
  };

  const base = ((document.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '').replace(/\/$/, '');
  const entries: PathEntry[] = Object.entries(document.paths as Record<string, Record<string, Json>>).map(
    ([template, item]) => {
      const server = ((item.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? base).replace(
        /\/$/,
        '',
      );
      const source = `${server}${template}`
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escapeRegExp(part)))
        .join('');
      return { template, pattern: new RegExp(`^${source}$`), item };
    },
  );
  entries.sort((a, b) => a.pattern.source.split('[^/]+').length - b.pattern.source.split('[^/]+').length);

  const errorBodyProblems = (exchange: ObservedExchange): string[] => {
    const type = (header(exchange.headers, 'content-type') ?? '').split(';')[0]!.trim();
    if (type !== 'application/json')
      return [`content type ${type || '(none)'} instead of application/json for an error`];
    const validate = validatorAt(['components', 'schemas', 'Error']);
    try {
      if (validate(JSON.parse(decodeBody(exchange).toString('utf8')))) return [];
      return (validate.errors ?? []).map(
        (e) => `body${e.instancePath} ${e.message ?? ''} (${JSON.stringify(e.params)})`,
      );
    } catch {
      return ['the error body is not JSON'];
    }
  };

  const check = (exchange: ObservedExchange): string[] => {
    const pathname = (exchange.url.split('?', 1)[0] ?? '/').replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    const method = exchange.method.toUpperCase();
    // The upload routes also answer at the site's root, as documented on the operation.
    const lookup = /^\/objects\/uploads\/[^/]+$/.test(pathname) ? `/api${pathname}` : pathname;
    const entry = entries.find((e) => e.pattern.test(lookup));
    if (!entry) {
      // Outside the document: pages, assets, /trpc, the docs page's own assets.
      if (!/^\/api(\/|$)/.test(pathname) || /^\/api\/docs\//.test(pathname)) return [];
      if (exchange.status !== 404)
        return [`${pathname} is not in the document, yet it answered ${exchange.status} instead of 404`];
      return method === 'HEAD' ? [] : errorBodyProblems(exchange);
    }

    const offered = METHODS.filter((m) => entry.item[m]).map((m) => m.toUpperCase());
    const allow = new Set([...offered, ...(offered.includes('GET') ? ['HEAD'] : []), 'OPTIONS']);
    const allowHeader = new Set(
      (header(exchange.headers, 'allow') ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    );
    const sameAllow = allow.size === allowHeader.size && [...allow].every((m) => allowHeader.has(m));

    if (method === 'OPTIONS') {
      const problems: string[] = [];
      if (exchange.status !== 204) problems.push(`OPTIONS answered ${exchange.status} instead of 204`);
      if (!sameAllow)
        problems.push(
          `Allow is "${[...allowHeader].join(', ')}", the document says "${[...allow].join(', ')}"`,
        );
      return problems;
    }
    const operation = entry.item[(method === 'HEAD' ? 'GET' : method).toLowerCase()] as Json | undefined;
    if (!operation) {
      const problems: string[] = [];
      if (exchange.status !== 405)
        problems.push(
          `${method} is not offered on ${entry.template}, yet it answered ${exchange.status} instead of 405`,
        );
      if (!sameAllow)
        problems.push(
          `Allow is "${[...allowHeader].join(', ')}", the document says "${[...allow].join(', ')}"`,
        );
      return method === 'HEAD' ? problems : [...problems, ...errorBodyProblems(exchange)];
    }

    const opName = `${method} ${entry.template} (${String(operation.operationId)})`;
    const responses = operation.responses as Record<string, Json>;
    const status = String(exchange.status);
    const response = responses[status];
    if (!response) {
      return [
        `status ${status} is not declared on ${opName} (declared: ${Object.keys(responses).join(', ')})`,
      ];
    }
    const problems: string[] = [];
    const opPath = [
      'paths',
      entry.template,
      method === 'HEAD' ? 'get' : method.toLowerCase(),
      'responses',
      status,
    ];

    for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const value = header(exchange.headers, name);
      if (value === undefined) {
        if (declared.required === true)
          problems.push(`header ${name} is required on ${status} of ${opName} but missing`);
        continue;
      }
      const schema = declared.schema as Json | undefined;
      if (schema) {
        const validate = validatorAt([...opPath, 'headers', name, 'schema']);
        const candidate = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
        if (!validate(candidate))
          problems.push(`header ${name}: "${value}" does not match its schema on ${opName}`);
      }
    }

    const content = response.content as Record<string, Json> | undefined;
    const body = exchange.body;
    if (!content) {
      if (body.length > 0 && method !== 'HEAD')
        problems.push(`${status} of ${opName} declares no body, yet ${body.length} bytes came`);
      return problems;
    }
    const contentType = (header(exchange.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const mediaType = Object.keys(content).find((declared) => mediaTypeMatches(declared, contentType));
    if (!mediaType) {
      problems.push(
        `content type "${contentType}" is not declared on ${status} of ${opName} (declared: ${Object.keys(content).join(', ')})`,
      );
      return problems;
    }
    if (method === 'HEAD' || !/json$/.test(mediaType) || !content[mediaType]!.schema) return problems;
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeBody(exchange).toString('utf8'));
    } catch {
      problems.push(`${status} of ${opName}: the body is not JSON`);
      return problems;
    }
    const validate = validatorAt([...opPath, 'content', mediaType, 'schema']);
    if (!validate(parsed)) {
      for (const e of validate.errors ?? [])
        problems.push(
          `${status} of ${opName}: body${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
        );
    }
    return problems;
  };

  return { check, document };
}
