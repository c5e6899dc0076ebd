/**
 * Draws the installable app's icons (src/web/public/icons) from the logo's phone, in the
 * brand green: `npm run icons` after the logo changes. Chromium draws them, as in the browser
 * tests, so the PNGs match the SVG exactly.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';

const outDir = path.resolve('src/web/public/icons');
const logo = await readFile(path.resolve('src/web/assets/logo.svg'), 'utf8');
const phone = /<path [^>]*\/>/.exec(logo)?.[0];
if (!phone) throw new Error('The logo has no <path> to draw the icons from.');

/**
 * `any`: the logo as it is, rounded corners included. `maskable`: the phone inside the middle
 * 60 % of a full square, so the circles and squircles phones cut out never clip it.
 */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
await mkdir(outDir, { recursive: true });
for (const { file, size, maskable } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const svg = maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">
        <rect width="32" height="32" fill="#15803d"/>
        <g transform="translate(16 16) scale(0.62) translate(-16 -16)">${phone}</g></svg>`
    : logo.replace(/width="32" height="32" role/, `width="${size}" height="${size}" role`);
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
  );
  await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
  await page.close();
  console.log(`${file}: ${size}×${size}${maskable ? ' (maskable)' : ''}`);
}
await browser.close();
