// The installable app's icons, drawn once as SVG and rasterised by Debian's Chromium (there is no image tool here):
//   node apps/web/scripts/pwa-icons.mjs
// writes apps/web/public/favicon.svg and the PNGs under apps/web/public/icons/ (committed; rerun after changing the
// drawing). The mark is the header's amber diamond with a pulse line, on the dark theme's background (styles.css).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
const BG = '#0f1217'; // --bg of the dark theme
const ACCENT = '#f5a524'; // --accent of the dark theme

/**
 * The icon at 512 units. `any`: a rounded tile with transparent corners. `maskable`: the background fills the whole
 * square and the mark stays inside the safe zone (a circle of 40% of the size around the centre), since launchers
 * crop maskable icons to their own shape.
 */
function svg(purpose, size) {
  const tile =
    purpose === 'maskable'
      ? `<rect width="512" height="512" fill="${BG}"/>`
      : `<rect x="16" y="16" width="480" height="480" rx="104" fill="${BG}"/>`;
  const scale = purpose === 'maskable' ? 0.9 : 1;
  const mark =
    `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">` +
    `<path d="M256 72 440 256 256 440 72 256Z" fill="${ACCENT}"/>` +
    `<polyline points="132,262 200,262 228,196 268,330 300,226 320,262 380,262" fill="none" stroke="${BG}" ` +
    `stroke-width="28" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${tile}${mark}</svg>`;
}

const PNGS = [
  { file: 'icons/icon-192.png', purpose: 'any', size: 192 },
  { file: 'icons/icon-512.png', purpose: 'any', size: 512 },
  { file: 'icons/icon-maskable-512.png', purpose: 'maskable', size: 512 },
  // iOS ignores the manifest's icons and puts its own rounded corners on an opaque square.
  { file: 'icons/apple-touch-icon-180.png', purpose: 'maskable', size: 180 },
];

mkdirSync(`${PUBLIC}icons`, { recursive: true });
writeFileSync(`${PUBLIC}favicon.svg`, `${svg('any', 512).replace(/ width="512" height="512"/, '')}\n`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const png of PNGS) {
    const page = await browser.newPage({ viewport: { width: png.size, height: png.size } });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg(png.purpose, png.size)}</body></html>`,
    );
    await page.screenshot({ path: `${PUBLIC}${png.file}`, omitBackground: true });
    await page.close();
    process.stdout.write(`${png.file} (${png.size}x${png.size}, ${png.purpose})\n`);
  }
} finally {
  await browser.close();
}
