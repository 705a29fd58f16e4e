import { isbot } from 'isbot';
import { NO_VISIT, type SourceKind } from '../../../shared/analytics.schema';
import { knownSourceKind, namedSource, referrerSource } from './sources';

// How a page view is described: its source, device and browser, from what the browser sent. Nothing
// here keeps the address or the full user agent.

export const DIRECT_SOURCE = 'Direct';
export const NEWSLETTER_SOURCE = 'Newsletter';
export { NO_VISIT, type SourceKind };

/** What kind of source a label is, for the owner's table. */
export function sourceKind(label: string): SourceKind {
  if (label === DIRECT_SOURCE) return 'direct';
  if (label === NEWSLETTER_SOURCE) return 'newsletter';
  return knownSourceKind(label) ?? 'referral';
}

/**
 * The source of a page view: null when the visitor came from another page of this site (the visit's
 * first view carries its source); a UTM source wins over the referrer, e-mail campaigns count as the
 * newsletter, known search engines and social networks by name (sources.ts), other sites by host.
 */
export function classifySource(
  query: URLSearchParams,
  /** document.referrer of the visit's first page ('' when none); undefined for a view inside the site. */
  referrer: string | null | undefined,
  ownHost: string | null,
): { source: string | null; campaign: string | null } {
  const campaign = query.get('utm_campaign')?.trim().slice(0, 100) || null;
  const utmSource = query.get('utm_source')?.trim().toLowerCase().slice(0, 100) || '';
  const utmMedium = query.get('utm_medium')?.trim().toLowerCase() ?? '';
  if (utmMedium === 'email' || utmMedium === 'newsletter' || utmSource.includes('newsletter'))
    return { source: NEWSLETTER_SOURCE, campaign };
  if (referrer === undefined && !utmSource) return { source: null, campaign };
  const refHost = referrer ? referrerHost(referrer) : null;
  if (utmSource) return { source: namedSource(utmSource.replace(/^www\./, '')), campaign };
  if (!refHost) return { source: DIRECT_SOURCE, campaign };
  if (
    ownHost &&
    refHost ===
      ownHost
        .toLowerCase()
        .replace(/^www\./, '')
        .replace(/:\d+$/, '')
  )
    return { source: null, campaign };
  return { source: referrerSource(refHost), campaign };
}

/** A host name: labels of letters, digits, hyphens and underscores, at least two of them. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)+$/;

/**
 * The referring site's host name (without www.), or null: only an http or https address's host is
 * kept, never its path or query, nor a referrer that is not a web address (the text of a spam
 * beacon, an app's android-app:// address, which read as google.android.gm's host, 'Google').
 */
export function referrerHost(referrer: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return HOST_NAME.test(host) ? host : null;
}

export function deviceOf(userAgent: string, width: number | null): string {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'Tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'Mobile';
  if (width !== null && width < 600) return 'Mobile';
  return 'Desktop';
}

export function browserOf(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

/** The operating systems the owner's table names; any other is 'Other'. */
export const OPERATING_SYSTEMS = [
  'Windows',
  'macOS',
  'iOS',
  'Android',
  'Linux',
  'ChromeOS',
  'Other',
] as const;

/**
 * The family of the operating system a browser says it runs on (no version). iOS and Android before
 * macOS and Linux: an iPhone's user agent says "like Mac OS X", Android's and ChromeOS's "Linux".
 */
export function osOf(userAgent: string): (typeof OPERATING_SYSTEMS)[number] {
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS';
  if (/Android/.test(userAgent)) return 'Android';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'macOS';
  if (/Linux|X11/.test(userAgent)) return 'Linux';
  return 'Other';
}

/**
 * isbot's answers for the user agents seen lately. A site's readers share a few hundred user agents,
 * and isbot is one long regular expression: 2.4-3.6 µs a user agent against 11-34 ns from here, and
 * 4.7% of the server thread's samples at 5,000 beacons a second
 * (docs/bench/2026-11-30-beacon-p99.md). Bounded in entries and in each one's length, so a sender
 * of made-up user agents only empties it now and then.
 */
const BOT_MEMO_ENTRIES = 1000;
const BOT_MEMO_AGENT_LENGTH = 512;
const botMemo = new Map<string, boolean>();

/** A crawler's or a headless tool's user agent, or none at all: not a reader (describer.ts). */
export function isBotAgent(userAgent: string): boolean {
  if (!userAgent) return true;
  if (userAgent.length > BOT_MEMO_AGENT_LENGTH) return isbot(userAgent);
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botMemo.size >= BOT_MEMO_ENTRIES) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}

/** A page fetched ahead, which nobody may read: not a view, whoever sent it. */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers['purpose'] ?? ''} ${headers['x-moz'] ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}
