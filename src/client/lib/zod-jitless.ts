// Zod 4 compiles object parsers with `new Function` when it may, and probes for that by calling
// `Function('')` while the first object schema is built. Our Content-Security-Policy forbids eval
// (script-src 'self'), so in the browser the probe is a CSP violation on every page with a form
// (Firefox logs it, and a report endpoint would get one report per visit). Tell Zod not to try.
// main.tsx imports this module first: it must run before any schema is created. Zod reads its
// settings from this global when it first loads (zod/v4/core), so the setting needs no import of
// Zod itself, which would put Zod's core into every page's first load.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
