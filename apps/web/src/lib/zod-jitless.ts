import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and probes for it first: under the
// dashboard's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is a reported violation.
// Jitless parsing is as correct and fast enough for forms. Imported first by main.tsx, before any schema parses.
config({ jitless: true });
