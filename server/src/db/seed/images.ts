import type { CarRange } from '@roam/contract/cars';
import sharp, { type Sharp } from 'sharp';
import type { Colour } from './vehicles.ts';

// Generated demo images (no photo can be fetched): simple side views drawn as SVG and rasterised by sharp.
// Car images are shown at 300x200 and supplier logos at 60x30 (spec §9); both are rendered at 2x or more.

export const CAR_IMAGE = { width: 600, height: 400, contentType: 'image/webp' } as const;
export const LOGO_IMAGE = { width: 240, height: 120, contentType: 'image/png' } as const;

const GLASS = '#cfe2f1';
const TYRE = '#1d2430';
const GROUND = 326;

function wheel(cx: number, r: number): string {
  const cy = GROUND - r;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 6}" fill="#20252d"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${TYRE}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.56)}" fill="#c9ced6"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.2)}" fill="#6b7380"/>`
  );
}

const light = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="${fill}"/>`;
const HEAD = '#fff3c4';
const TAIL = '#e0393e';

/** One side view per range, facing right, wheels standing on GROUND. */
const BODIES: Record<CarRange, (c: Colour) => string> = {
  // Hatchback
  mini: (c) =>
    `<path d="M82 300 L80 232 Q82 206 104 196 L164 154 Q180 142 204 141 L318 140 Q342 141 356 153 L414 200 L492 212 Q522 218 526 246 L528 300 Z" fill="${c.body}"/>` +
    `<path d="M116 200 L170 160 Q182 153 198 153 L252 153 L252 200 Z M264 153 L322 153 Q336 154 344 161 L390 200 L264 200 Z" fill="${GLASS}"/>` +
    `<rect x="76" y="282" width="456" height="20" rx="8" fill="${c.shade}"/>` +
    light(506, 226, 20, 12, HEAD) +
    light(80, 222, 10, 22, TAIL) +
    wheel(170, 36) +
    wheel(440, 36),
  // SUV: taller, boxier, roof rails
  midi: (c) =>
    `<rect x="168" y="108" width="190" height="7" rx="3" fill="${c.shade}"/>` +
    `<path d="M70 298 L68 204 Q70 182 92 176 L150 128 Q162 116 184 116 L350 116 Q370 117 380 130 L424 186 L502 198 Q530 204 532 236 L534 298 Z" fill="${c.body}"/>` +
    `<path d="M102 182 L156 134 Q164 128 178 128 L246 128 L246 182 Z M258 128 L344 128 Q356 129 362 137 L398 182 L258 182 Z" fill="${GLASS}"/>` +
    `<rect x="64" y="276" width="474" height="24" rx="8" fill="${c.shade}"/>` +
    light(510, 212, 22, 14, HEAD) +
    light(66, 200, 10, 26, TAIL) +
    wheel(160, 42) +
    wheel(444, 42),
  // Passenger van
  maxi: (c) =>
    `<path d="M58 298 L58 122 Q58 100 80 100 L398 100 Q420 100 432 116 L488 190 Q530 200 536 236 L538 298 Z" fill="${c.body}"/>` +
    `<rect x="84" y="118" width="92" height="62" rx="8" fill="${GLASS}"/>` +
    `<rect x="190" y="118" width="92" height="62" rx="8" fill="${GLASS}"/>` +
    `<rect x="296" y="118" width="86" height="62" rx="8" fill="${GLASS}"/>` +
    `<path d="M396 118 L420 118 Q428 119 434 128 L470 186 L396 186 Z" fill="${GLASS}"/>` +
    `<path d="M286 110 L286 280" stroke="${c.shade}" stroke-width="3"/>` +
    `<rect x="52" y="278" width="492" height="22" rx="8" fill="${c.shade}"/>` +
    light(514, 212, 22, 14, HEAD) +
    light(56, 200, 10, 28, TAIL) +
    wheel(150, 38) +
    wheel(452, 38),
  // Step-through scooter
  scooter: (c) =>
    `<path d="M398 296 Q402 258 432 256 Q464 258 468 292 L456 292 Q452 270 432 268 Q410 270 408 296 Z" fill="${c.body}"/>` +
    `<path d="M414 150 L434 292" stroke="#3a414c" stroke-width="10" stroke-linecap="round"/>` +
    wheel(178, 34) +
    wheel(432, 34) +
    `<path d="M108 270 Q104 226 160 212 L300 212 Q330 214 332 240 L324 264 L250 270 Q200 292 108 270 Z" fill="${c.body}"/>` +
    `<path d="M146 214 Q146 190 178 188 L292 192 Q312 195 310 214 Z" fill="#262b33"/>` +
    `<path d="M238 262 L384 262 L388 278 L234 282 Z" fill="${c.shade}"/>` +
    `<path d="M360 280 L392 152 Q396 132 416 130 L436 130 L422 184 L410 280 Z" fill="${c.body}"/>` +
    `<path d="M392 122 L452 110" stroke="#262b33" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M412 126 L404 104 L388 100" stroke="#262b33" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    light(432, 136, 18, 12, HEAD) +
    light(104, 244, 10, 16, TAIL),
  // Coach
  bus: (c) =>
    `<path d="M40 298 L40 110 Q40 88 62 88 L528 88 Q554 88 558 114 L564 298 Z" fill="${c.body}"/>` +
    [62, 132, 202, 272, 342]
      .map((x) => `<rect x="${x}" y="108" width="60" height="74" rx="6" fill="${GLASS}"/>`)
      .join('') +
    `<rect x="418" y="108" width="50" height="172" rx="6" fill="${GLASS}" stroke="${c.shade}" stroke-width="4"/>` +
    `<path d="M486 108 L544 108 Q552 110 554 122 L558 206 L486 206 Z" fill="${GLASS}"/>` +
    `<rect x="40" y="214" width="376" height="12" fill="#ffffff" opacity="0.55"/>` +
    `<rect x="34" y="278" width="536" height="22" rx="8" fill="${c.shade}"/>` +
    light(540, 236, 22, 14, HEAD) +
    light(38, 230, 10, 30, TAIL) +
    wheel(130, 38) +
    wheel(470, 38),
  // Box truck
  truck: (c) =>
    `<rect x="36" y="290" width="510" height="14" rx="4" fill="#2b3039"/>` +
    `<rect x="36" y="76" width="340" height="210" rx="8" fill="${c.body}"/>` +
    `<rect x="52" y="92" width="308" height="178" rx="4" fill="none" stroke="${c.shade}" stroke-width="3"/>` +
    `<path d="M388 294 L388 136 Q388 118 406 118 L470 118 Q490 118 498 134 L532 204 Q550 212 550 244 L550 294 Z" fill="${c.body}"/>` +
    `<path d="M402 134 L464 134 Q476 134 482 144 L510 204 L402 204 Z" fill="${GLASS}"/>` +
    `<rect x="382" y="276" width="172" height="22" rx="8" fill="${c.shade}"/>` +
    light(528, 222, 22, 14, HEAD) +
    light(30, 240, 10, 30, TAIL) +
    wheel(120, 38) +
    wheel(290, 38) +
    wheel(470, 38),
  // Motorhome: living box with an over-cab alcove
  caravan: (c) =>
    `<rect x="38" y="78" width="412" height="222" rx="18" fill="${c.body}"/>` +
    `<path d="M420 78 L500 78 Q524 80 524 102 L524 124 Q520 142 496 142 L420 142 Z" fill="${c.body}"/>` +
    `<path d="M430 298 L430 142 L484 142 L534 212 Q554 218 556 248 L556 298 Z" fill="${c.body}"/>` +
    `<path d="M444 154 L478 154 L516 208 L444 208 Z" fill="${GLASS}"/>` +
    `<rect x="444" y="96" width="56" height="28" rx="6" fill="${GLASS}"/>` +
    `<rect x="70" y="118" width="86" height="54" rx="8" fill="${GLASS}"/>` +
    `<rect x="300" y="118" width="104" height="54" rx="8" fill="${GLASS}"/>` +
    `<rect x="188" y="112" width="66" height="164" rx="8" fill="none" stroke="${c.shade}" stroke-width="4"/>` +
    `<rect x="200" y="126" width="42" height="42" rx="6" fill="${GLASS}"/>` +
    `<rect x="38" y="212" width="392" height="14" fill="#ffffff" opacity="0.6"/>` +
    `<rect x="150" y="66" width="70" height="14" rx="4" fill="${c.shade}"/>` +
    `<rect x="32" y="280" width="530" height="20" rx="8" fill="${c.shade}"/>` +
    light(532, 232, 22, 14, HEAD) +
    light(34, 236, 10, 30, TAIL) +
    wheel(130, 38) +
    wheel(470, 38),
};

/** The backgrounds of the demo photos: the studio's (the first photo) and an evening street's. */
const SKIES = { studio: ['#f7f9fc', '#e6ebf1'], dusk: ['#f6c89a', '#5b6f95'] } as const;

export function carImageSvg(range: CarRange, colour: Colour, sky: keyof typeof SKIES = 'studio'): string {
  const { width, height } = CAR_IMAGE;
  const [top, bottom] = SKIES[sky];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">' +
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<ellipse cx="300" cy="${GROUND + 2}" rx="270" ry="12" fill="#0f172a" opacity="0.14"/>` +
    BODIES[range](colour) +
    '</svg>'
  );
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch]};`);

export function logoSvg(initials: string, wordmark: string, colour: string): string {
  const { width, height } = LOGO_IMAGE;
  const font = 'font-family="\'DejaVu Sans\', \'Liberation Sans\', Arial, sans-serif" font-weight="bold"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="22" fill="${colour}"/>` +
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="22" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>` +
    `<text x="120" y="72" text-anchor="middle" ${font} font-size="54" fill="#ffffff" letter-spacing="2">${escapeXml(initials)}</text>` +
    `<text x="120" y="100" text-anchor="middle" ${font} font-size="15" fill="#ffffff" fill-opacity="0.9">${escapeXml(wordmark)}</text>` +
    '</svg>'
  );
}

/**
 * A demo car's photos: its side view (the first; as every demo image, drawn here, no photo can be fetched), the same
 * car facing left in the evening, and a close-up of its front. Each at the two sizes the cards show (300×200 and
 * 600×400: the `srcset` of contract `CarPhoto`).
 */
export const DEMO_PHOTO_VIEWS = ['side', 'dusk', 'front'] as const;
export type DemoPhotoView = (typeof DEMO_PHOTO_VIEWS)[number];

function demoView(range: CarRange, colour: Colour, view: DemoPhotoView): Sharp {
  if (view === 'dusk') return sharp(Buffer.from(carImageSvg(range, colour, 'dusk'))).flop();
  const svg = Buffer.from(carImageSvg(range, colour));
  // Drawn at twice the size, so the close-up of the front (the right) stays sharp.
  if (view === 'front') return sharp(svg, { density: 144 }).extract({ left: 480, top: 140, width: 720, height: 480 });
  return sharp(svg);
}

export async function renderCarPhoto(
  range: CarRange,
  colour: Colour,
  view: DemoPhotoView,
): Promise<{ card: Buffer; small: Buffer }> {
  const drawn = demoView(range, colour, view);
  const webp = (width: number, height: number) =>
    drawn.clone().resize({ width, height, fit: 'cover' }).webp({ quality: 82, effort: 2 }).toBuffer();
  const [card, small] = await Promise.all([webp(CAR_IMAGE.width, CAR_IMAGE.height), webp(300, 200)]);
  return { card, small };
}

export function renderLogo(initials: string, wordmark: string, colour: string): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg(initials, wordmark, colour)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
