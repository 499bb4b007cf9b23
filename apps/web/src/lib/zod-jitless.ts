// zod compiles object parsers with `new Function` unless told not to, and probes for it first: under the
// dashboard's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is a reported violation.
// Jitless parsing is as correct and fast enough for forms. Imported first by main.tsx, before any schema parses.
// zod keeps its settings in `globalThis.__zod_globalConfig`, which it creates only when absent: set here, before
// zod loads, so the first page does not evaluate zod (its forms' chunks bring it). `zod-jitless.test.ts` checks
// that zod reads it.
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };

export {};
