// The visitor's country from their address at the moment of the visit, through the GeoLite2 data
// that the geoip-country package ships (tens of MB in memory, decision 0016). Loaded on the first counted view, not
// at start, so a site that counts nothing never holds it; the address itself is never stored.
type Lookup = (ip: string) => { country?: string } | null;
let loading: Promise<Lookup | null> | null = null;
/** The lookup once loading has ended (null when the data could not be loaded); undefined before. */
let loaded: Lookup | null | undefined;

export function countryLookup(): Promise<Lookup | null> {
  loading ??= import('geoip-country')
    .then((mod) => {
      const geo = (mod as { default?: { lookup: Lookup }; lookup?: Lookup }).default ?? mod;
      return (ip: string) => (geo as { lookup: Lookup }).lookup(ip);
    })
    .catch(() => null)
    .then((lookup) => (loaded = lookup));
  return loading;
}

/** The country without waiting: undefined while the data has not been loaded (countryLookup loads it). */
export function countryNow(ip: string): string | null | undefined {
  const lookup = loaded;
  if (lookup === undefined) return undefined;
  if (lookup === null) return null;
  const normalised = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return lookup(normalised)?.country ?? null;
  } catch {
    return null;
  }
}
