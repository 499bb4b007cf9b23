// The dashboard's API types, generated from the api-gateway's OpenAPI document (never written by hand):
//   npm run gen:web-api                      reads http://127.0.0.1:3000/api/docs.json (a running `npm start`)
//   npm run gen:web-api -- <url-or-file>     reads another document
//   npm run gen:web-api -- --check [<url-or-file>]   writes nothing; exits 1 when the file is not what it would write
// The api-gateway's e2e test runs the check against the live document of the gateway it started, so the checked-in
// types cannot drift from the API. (A child process rather than an import from the test: Jest's CommonJS transform
// turns import() into require(), which cannot load this ES module.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const TYPES_FILE = fileURLToPath(new URL('../src/lib/api/schema.d.ts', import.meta.url));

const HEADER =
  "// Generated from the api-gateway's OpenAPI document by apps/web/scripts/openapi-types.mjs: do not edit.\n" +
  '// Regenerate with `npm run gen:web-api` against a running platform.\n\n';

/** The TypeScript declarations of an OpenAPI document, as the file holds them. */
export async function typesOf(document) {
  const ast = await openapiTS(document, { alphabetize: true, exportType: false });
  // No eslint-disable: the declarations break no rule, and an unused directive is itself a lint warning.
  return HEADER + astToString(ast);
}

/** The OpenAPI document at a URL (a running api-gateway) or in a file. */
async function readDocument(source) {
  if (!/^https?:/.test(source)) return JSON.parse(readFileSync(source, 'utf8'));
  const r = await fetch(source);
  if (!r.ok) throw new Error(`${source} answered ${r.status}: is the platform running (npm start)?`);
  return r.json();
}

/** Why the checked-in file is not `expected`: the first line that differs, or null when it is the same. */
export function difference(current, expected) {
  if (current === expected) return null;
  const have = current.split('\n');
  const want = expected.split('\n');
  const line = want.findIndex((text, i) => have[i] !== text);
  const at = line === -1 ? want.length : line;
  return `line ${at + 1}: the file has ${JSON.stringify(have[at] ?? '(end of file)')}, the API gives ${JSON.stringify(want[at] ?? '(end of file)')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const source = args.find((a) => a !== '--check') ?? 'http://127.0.0.1:3000/api/docs.json';
  const types = await typesOf(await readDocument(source));
  const file = relative(process.cwd(), TYPES_FILE);
  if (!check) {
    writeFileSync(TYPES_FILE, types);
    console.log(`wrote ${TYPES_FILE}`);
  } else {
    const why = difference(existsSync(TYPES_FILE) ? readFileSync(TYPES_FILE, 'utf8') : '', types);
    if (why === null) console.log(`${file} matches the OpenAPI document at ${source}`);
    else {
      console.error(
        `${file} is out of date with the API's OpenAPI document (${source}); ${why}.\n` +
          'Run `npm run gen:web-api` against a running platform (`npm start`, or ' +
          '`npm run gen:web-api -- http://127.0.0.1:<port>/api/docs.json`) and commit the file.',
      );
      process.exitCode = 1;
    }
  }
}
