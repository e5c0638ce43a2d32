/**
 * Regenerates the demo event's images in public/demo/ (committed; run only when the demo changes):
 * `npx tsx scripts/make-demo-images.ts`. Artwork is drawn as SVG and rendered to JPEG in Chromium,
 * because link previews (WhatsApp, Facebook) do not accept SVG images.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { demoArtists, demoCategories } from '#server/demo/demo-event.js';
import { CHROMIUM } from '#test/support/chromium.js';

const palettes = [
  ['#0f172a', '#b45309'],
  ['#1e1b4b', '#db2777'],
  ['#052e16', '#ca8a04'],
  ['#3b0764', '#f59e0b'],
  ['#0c4a6e', '#22d3ee'],
  ['#450a0a', '#f97316'],
  ['#134e4a', '#facc15'],
  ['#1f2937', '#a855f7'],
];

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

function portrait(name: string): string {
  const h = hash(name);
  const [dark, light] = palettes[h % palettes.length]!;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const tilt = (h % 30) - 15;
  const rings = Array.from(
    { length: 6 },
    (_, i) =>
      `<circle cx="240" cy="200" r="${90 + i * 42}" fill="none" stroke="${light}" stroke-opacity="${0.22 - i * 0.03}" stroke-width="2"/>`,
  ).join('');
  const hair =
    h % 3 === 0
      ? `<ellipse cx="240" cy="168" rx="84" ry="92" fill="#0b0b0f" opacity="0.9"/>`
      : h % 3 === 1
        ? `<path d="M160 180 Q170 80 240 78 Q318 80 322 182 Q300 120 240 118 Q182 120 160 180Z" fill="#0b0b0f" opacity="0.85"/>`
        : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${tilt} .5 .5)">
      <stop offset="0" stop-color="${light}"/><stop offset=".55" stop-color="${dark}"/><stop offset="1" stop-color="#020617"/>
    </linearGradient>
    <radialGradient id="spot" cx=".5" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2937"/><stop offset="1" stop-color="#030712"/></linearGradient>
  </defs>
  <rect width="480" height="480" fill="url(#bg)"/>
  <rect width="480" height="480" fill="url(#spot)"/>
  ${rings}
  <path d="M70 480 Q80 330 240 318 Q400 330 410 480Z" fill="url(#body)"/>
  <rect x="212" y="262" width="56" height="70" rx="22" fill="#111827"/>
  <ellipse cx="240" cy="196" rx="74" ry="86" fill="#1f2937"/>
  ${hair}
  <rect x="24" y="404" width="${initials.length * 34 + 28}" height="52" rx="26" fill="#000" fill-opacity=".45"/>
  <text x="${24 + (initials.length * 34 + 28) / 2}" y="439" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="28" fill="#fff" text-anchor="middle" letter-spacing="2">${initials}</text>
</svg>`;
}

function stage(name: string, color: string): string {
  const h = hash(name);
  const beams = Array.from({ length: 5 }, (_, i) => {
    const x = 120 + i * 240 + (h % 60);
    return `<polygon points="${x},0 ${x - 160 - i * 10},500 ${x + 160 + i * 10},500" fill="url(#beam)" opacity="${0.18 + (i % 2) * 0.12}"/>`;
  }).join('');
  const dots = Array.from({ length: 60 }, (_, i) => {
    const x = hash(name + i) % 1200;
    const y = hash(i + name) % 500;
    return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3)}" fill="#fde68a" opacity="${0.2 + (i % 5) / 10}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#020617"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde68a" stop-opacity=".9"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="1200" height="500" fill="url(#bg)"/>${beams}${dots}
  <rect y="420" width="1200" height="80" fill="#000" opacity=".35"/>
</svg>`;
}

mkdirSync('public/demo/artists', { recursive: true });
mkdirSync('public/demo/categories', { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function render(svg: string, width: number, height: number, path: string) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path, type: 'jpeg', quality: 78, clip: { x: 0, y: 0, width, height } });
}
for (const artist of demoArtists)
  await render(portrait(artist.name), 480, 480, `public/demo/artists/${artist.slug}.jpg`);
for (const category of demoCategories.filter((c) => c.hasImage)) {
  await render(
    stage(category.name, category.backgroundColor),
    1200,
    500,
    `public/demo/categories/${category.slug}.jpg`,
  );
}
await browser.close();
console.log(
  `Rendered ${demoArtists.length} portraits and the category backgrounds into public/demo/.`,
);
