import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList, type AllowedAddress } from './platform/address-ranges';
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
  /** The embedded database's page cache and per-sort memory (platform/db/pglite-durable.ts); raise for a big site. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  /** Make a new embedded database with PGlite's initdb (in a child process, for its memory) instead of the template. */
  PGLITE_INITDB: booleanFlag.default(false),
  PGLITE_WORK_MEM: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 2MB')
    .default('2MB'),
  /**
   * Compile the embedded database's WebAssembly to optimised code (more resident memory, heavy queries
   * such as the inbox search faster: docs/bench/2026-11-24-embedded-database-memory.md) instead of
   * baseline code only.
   */
  PGLITE_OPTIMISED_CODE: booleanFlag.default(false),
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
  // The newsletter's sending pace (domains/newsletter/send/pace.ts): safe for a small SMTP plan by default.
  /** Messages per minute across every instance together (a token bucket in the database). */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Recipients one instance claims at a time. */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Attempts of one copy after temporary refusals (4xx) before it is marked failed. */
  NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The wait after a copy's first temporary refusal; each next one doubles. */
  NEWSLETTER_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long one copy may be with the mail server before another worker counts its sender dead and
   * sends it again (with the same Message-ID): longer than an SMTP exchange can last (platform/mail/mailer.ts).
   */
  NEWSLETTER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(180),
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
  // Background jobs (platform/jobs/queue.ts)
  /**
   * How long an instance holds a job it started before another may take it over (it died). Longer
   * than a send can take: the SMTP timeouts of platform/mail/mailer.ts give up within 2 minutes.
   */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  /** The wait after a job's first failure; each next one doubles (about a day over an e-mail's 12 attempts). */
  JOBS_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long the audio proxy waits for the audio host to connect and answer (and for a stalled body). */
  PODCAST_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // More than one instance: shared counters and cache messages, and shared files.
  /** Rate limits, sign-in throttling and response-cache invalidation in Redis instead of this process. */
  REDIS_URL: optionalString.refine(
    (v) => v === undefined || /^rediss?:\/\/./.test(v),
    'must start with redis:// or rediss:// (redis://:password@host:6379/0)',
  ),
  /** Uploaded files in this S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: optionalString,
  /** The storage's address for anything but AWS itself: MinIO, Cloudflare R2, Backblaze B2. */
  S3_ENDPOINT: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+/.test(v),
    'must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com',
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Without them the AWS SDK's own chain is used (AWS_ACCESS_KEY_ID..., an instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (http://host/bucket/key) rather than the host name; by default when S3_ENDPOINT is set (MinIO needs it). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  /** What every object's key starts with, so the bucket can hold other things too. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /, such as uploads/')
    .default('uploads/'),
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
  /** Where uploaded files live: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. */
  storageKind: 'local' | 's3';
  /** S3_FORCE_PATH_STYLE, or its default. */
  s3ForcePathStyle: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. A bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine((e, ctx) => {
      // Half a key pair would silently fall back to other credentials: say so instead.
      if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
        const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
        ctx.addIssue({ code: 'custom', path: [missing], message: 'set both S3 keys or neither' });
      }
      if (e.S3_BUCKET === undefined && e.S3_ENDPOINT !== undefined)
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_ENDPOINT needs S3_BUCKET' });
    })
    .safeParse(env);
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
    storageKind: e.S3_BUCKET ? 's3' : 'local',
    s3ForcePathStyle:
      e.S3_FORCE_PATH_STYLE === undefined
        ? e.S3_ENDPOINT !== undefined
        : ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
  };
}
