// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the built dashboard (apps/web/dist/assets),
// once at build time; the api-gateway sends them to browsers that accept the encoding (src/static/web-app.ts).
// Run by `npm run build:web` after Vite.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const TEXT = /\.(js|css|svg|json)$/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 1024;

let plain = 0;
let brotli = 0;
for (const name of readdirSync(ASSETS)) {
  const path = join(ASSETS, name);
  if (!TEXT.test(name) || statSync(path).size < MIN_BYTES) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  plain += body.length;
  brotli += br.length;
}
console.log(
  `precompressed the dashboard's assets: ${(plain / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB Brotli`,
);
