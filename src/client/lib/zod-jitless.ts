// Zod's core config alone: importing `z` here put Zod's helpers in every page's first load.
import { config } from 'zod/v4/core';

// Zod 4 compiles object parsers with `new Function` when it may, and probes for that by calling
// `Function('')` while the first object schema is built. Our Content-Security-Policy forbids eval
// (script-src 'self'), so in the browser the probe is a CSP violation on every page with a form
// (Firefox logs it, and a report endpoint would get one report per visit). Tell Zod not to try.
// main.tsx imports this module first: it must run before any schema is created.
config({ jitless: true });
