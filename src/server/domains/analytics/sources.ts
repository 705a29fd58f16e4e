// The sources people know, each under one name whichever way it arrives: a referring site's host
// (facebook.com, m.facebook.com, l.facebook.com...) or a campaign link's utm_source (facebook, fb),
// case aside. "facebook.com" and "facebook" were two rows of the owner's Sources table, and t.co was
// not X.

export type KnownSourceKind = 'search' | 'social';

interface KnownSource {
  name: string;
  kind: KnownSourceKind;
  /** Its sites: the host itself or any host under it (m.facebook.com is under facebook.com). */
  domains: readonly string[];
  /** utm_source values that name it besides its name and its domains. */
  aliases?: readonly string[];
  /** Hosts with a country's ending (google.co.uk, google.de). */
  countryHosts?: RegExp;
}

const KNOWN_SOURCES: readonly KnownSource[] = [
  { name: 'Google', kind: 'search', domains: [], countryHosts: /(^|\.)google(\.[a-z]{2,3}){1,2}$/ },
  { name: 'Bing', kind: 'search', domains: ['bing.com'] },
  { name: 'DuckDuckGo', kind: 'search', domains: ['duckduckgo.com'], aliases: ['ddg'] },
  { name: 'Yahoo', kind: 'search', domains: ['yahoo.com'], countryHosts: /(^|\.)yahoo(\.[a-z]{2,3}){1,2}$/ },
  { name: 'Ecosia', kind: 'search', domains: ['ecosia.org'] },
  { name: 'Yandex', kind: 'search', domains: [], countryHosts: /(^|\.)yandex(\.[a-z]{2,3}){1,2}$/ },
  { name: 'Baidu', kind: 'search', domains: ['baidu.com'] },
  { name: 'Brave Search', kind: 'search', domains: ['search.brave.com'], aliases: ['brave'] },
  {
    name: 'Facebook',
    kind: 'social',
    domains: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com'],
    aliases: ['fb'],
  },
  { name: 'X', kind: 'social', domains: ['t.co', 'twitter.com', 'x.com'], aliases: ['twitter'] },
  { name: 'LinkedIn', kind: 'social', domains: ['linkedin.com', 'lnkd.in'] },
  { name: 'Instagram', kind: 'social', domains: ['instagram.com'], aliases: ['ig'] },
  { name: 'YouTube', kind: 'social', domains: ['youtube.com', 'youtu.be'], aliases: ['yt'] },
  { name: 'Reddit', kind: 'social', domains: ['reddit.com', 'redd.it'] },
  { name: 'WhatsApp', kind: 'social', domains: ['whatsapp.com', 'wa.me'], aliases: ['wa'] },
  { name: 'Nextdoor', kind: 'social', domains: ['nextdoor.com', 'nextdoor.co.uk'] },
  { name: 'TikTok', kind: 'social', domains: ['tiktok.com'] },
  { name: 'Pinterest', kind: 'social', domains: ['pinterest.com', 'pinterest.co.uk', 'pin.it'] },
  { name: 'Threads', kind: 'social', domains: ['threads.net', 'threads.com'] },
  { name: 'Bluesky', kind: 'social', domains: ['bsky.app'], aliases: ['bsky'] },
  { name: 'Telegram', kind: 'social', domains: ['telegram.org', 't.me'] },
];

/** Each source by its domains. */
const BY_DOMAIN = new Map(KNOWN_SOURCES.flatMap((s) => s.domains.map((d) => [d, s] as const)));
/** Each source by the words a utm_source may name it with: its name, aliases and domains. */
const BY_WORD = new Map(
  KNOWN_SOURCES.flatMap((s) =>
    [s.name, ...(s.aliases ?? []), ...s.domains].map((word) => [word.toLowerCase(), s] as const),
  ),
);
const KIND_BY_NAME = new Map(KNOWN_SOURCES.map((s) => [s.name, s.kind]));

/** The known source of a host name (lower case, without www.), or undefined. */
function knownByHost(host: string): KnownSource | undefined {
  for (let rest = host; ;) {
    const found = BY_DOMAIN.get(rest);
    if (found) return found;
    const dot = rest.indexOf('.');
    if (dot === -1) break;
    rest = rest.slice(dot + 1);
  }
  return KNOWN_SOURCES.find((s) => s.countryHosts?.test(host));
}

/** A referring site's name: a known source's, or its host. */
export function referrerSource(host: string): string {
  return knownByHost(host)?.name ?? host;
}

/** A utm_source's name (or a stored source's): a known source's, or the value as it is. */
export function namedSource(value: string): string {
  const word = value
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return (BY_WORD.get(word) ?? knownByHost(word))?.name ?? value;
}

/** Whether a source's name is a known search engine's or social network's. */
export function knownSourceKind(name: string): KnownSourceKind | undefined {
  return KIND_BY_NAME.get(name);
}
