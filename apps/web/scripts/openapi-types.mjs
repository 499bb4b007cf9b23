// The dashboard's API types, generated from the api-gateway's OpenAPI document (never written by hand):
//   npm run gen:web-api                      reads http://127.0.0.1:3000/api/docs.json (a running `npm start`)
//   npm run gen:web-api -- <url-or-file>     reads another document
// The api-gateway's e2e test generates the same file from the live document and fails when it differs, so the
// checked-in types cannot drift from the API.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const TYPES_FILE = fileURLToPath(new URL('../src/lib/api/schema.d.ts', import.meta.url));

const HEADER =
  "// Generated from the api-gateway's OpenAPI document by apps/web/scripts/openapi-types.mjs: do not edit.\n" +
  '// Regenerate with `npm run gen:web-api` against a running platform.\n\n';

/** The TypeScript declarations of an OpenAPI document, as the file holds them. */
export async function typesOf(document) {
  const ast = await openapiTS(document, { alphabetize: true, exportType: false });
  return HEADER + '/* eslint-disable */\n' + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? 'http://127.0.0.1:3000/api/docs.json';
  const document = /^https?:/.test(source)
    ? await fetch(source).then((r) => {
        if (!r.ok) throw new Error(`${source} answered ${r.status}: is the platform running (npm start)?`);
        return r.json();
      })
    : JSON.parse(readFileSync(source, 'utf8'));
  writeFileSync(TYPES_FILE, await typesOf(document));
  console.log(`wrote ${TYPES_FILE}`);
}
