import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList, type AllowedAddress } from './services/address-ranges';
import { BUSINESS, BUSINESS_DETAILS_SEED } from '../shared/business';

// The only module that reads process.env. Every setting has a safe default for a local run.
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must start with postgres:// or postgresql://',
  ),
  PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+/.test(v),
    'must be an absolute http(s) URL such as https://example.co.uk',
  ),
  /** The embedded database's page cache and per-sort memory (db/pglite-durable.ts); raise for a big site. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  /** Make a new embedded database with PGlite's initdb (a child process, 860 MB) instead of the template. */
  PGLITE_INITDB: booleanFlag.default(false),
  PGLITE_WORK_MEM: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 2MB')
    .default('2MB'),
  CLIENT_DIST: z.string().min(1).default('./dist/client'),
  /** The server-rendering bundle; by default beside CLIENT_DIST (dist/ssr). */
  SSR_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy: its hop count, or its addresses/CIDR ranges (see trustProxySetting). */
  TRUST_PROXY: optionalString.superRefine((v, ctx) => {
    const problem = trustProxyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Private addresses the server may fetch from anyway (an internal media host; the tests' stand-ins). */
  OUTBOUND_ALLOW_PRIVATE: optionalString.superRefine((v, ctx) => {
    try {
      parseAllowList(v);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `${(error as Error).message}; use addresses, CIDR ranges or address:port, comma-separated`,
      });
    }
  }),
  SEED: booleanFlag.default(true),
  /** Scales every rate limit (tests that send many requests from one address raise it). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  // Mail
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || /^smtps?:\/\//.test(v),
    'must start with smtp:// or smtps://',
  ),
  // The business's own address (src/shared/business.ts), the one the pages and structured data show.
  // The starting business address: the one the admin shows until the owner changes it there. These
  // stay settings of the server (a sender must be one the mail service accepts for the domain).
  MAIL_FROM: z.string().min(3).default(`${BUSINESS.name} <${BUSINESS_DETAILS_SEED.email}>`),
  BUSINESS_INBOX: z.string().email().default(BUSINESS_DETAILS_SEED.email),
  // Admin bootstrap
  ADMIN_EMAIL: optionalString.refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    'must be an e-mail address',
  ),
  ADMIN_PASSWORD: optionalString,
  ADMIN_NAME: optionalString,
  // Uploads
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  // Payments
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  STRIPE_PRICE_EXPLORER: optionalString,
  STRIPE_PRICE_INNOVATOR: optionalString,
  STRIPE_PRICE_ENTREPRENEUR: optionalString,
  // Podcasts
  PODCAST_FEED_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s) URL',
  ),
  PODCAST_REFRESH_MINUTES: z.coerce.number().int().min(1).default(60),
  /** How long the audio proxy waits for the audio host to connect and answer (and for a stalled body). */
  PODCAST_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Why a TRUST_PROXY value is refused, or null. `true` would believe the left-most X-Forwarded-For,
 * which any client writes itself, so every per-address limit could be dodged by changing a header.
 */
function trustProxyProblem(value: string | undefined): string | null {
  if (value === undefined || value === 'false') return null;
  if (value === 'true') {
    return (
      'true would trust an X-Forwarded-For header that any client can write, so rate limits and sign-in ' +
      'throttling could be dodged; give the number of proxies in front of the app (e.g. 1) or their addresses ' +
      '(e.g. 10.0.0.5 or 10.0.0.0/24)'
    );
  }
  if (/^\d+$/.test(value))
    return Number(value) >= 1 && Number(value) <= 10 ? null : 'a hop count must be between 1 and 10';
  for (const entry of value.split(',').map((v) => v.trim())) {
    const [address = '', bits] = entry.split('/');
    const version = net.isIP(address);
    const max = version === 4 ? 32 : 128;
    if (!version || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      return `"${entry}" is not an address or CIDR range; give the proxies' addresses or a hop count`;
    }
  }
  return null;
}

/** Fastify's trustProxy from TRUST_PROXY: off, a hop count, or the proxies' addresses. */
export function trustProxySetting(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((v) => v.trim());
}

export interface Config extends Env {
  dataDir: string;
  uploadsDir: string;
  clientDist: string;
  ssrDist: string;
  isProduction: boolean;
  publicUrl: string;
  /** Served over HTTPS (PUBLIC_URL is https://): Secure __Host- cookies, HSTS, upgraded requests. */
  isHttps: boolean;
  /** OUTBOUND_ALLOW_PRIVATE, parsed. */
  outboundAllowPrivate: AllowedAddress[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. A bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDist: path.resolve(e.CLIENT_DIST),
    ssrDist: path.resolve(e.SSR_DIST ?? path.join(e.CLIENT_DIST, '..', 'ssr')),
    isProduction: e.NODE_ENV === 'production',
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    outboundAllowPrivate: parseAllowList(e.OUTBOUND_ALLOW_PRIVATE),
  };
}
