// Draws every piece and board texture of the shipped skins as SVG and
// rasterizes it with resvg into PNGs under assets/. Run once after changing
// the art (the PNGs are committed):
//
//   cd tools/art && npm install && node rasterize.mjs
//
// Pieces are tokens seen from above: a soft drop shadow, the token's side
// (its thickness), a rim lit from the top left, a face with a radial light,
// and a glyph: a game-icons.net silhouette (CC BY 3.0) or a Fluent Emoji
// Flat picture (MIT). Textures are seamless tiles made from SVG noise.

import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';

const require = createRequire(import.meta.url);
const { Resvg } = require('@resvg/resvg-js');
const gameIcons = require('@iconify-json/game-icons/icons.json');
const fluent = require('@iconify-json/fluent-emoji-flat/icons.json');

const ASSETS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../assets');
const PIECE_PX = 192;

function write(relative, svg, width) {
  const file = path.join(ASSETS, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  fs.writeFileSync(file, png);
  console.log(`${relative} (${png.length} bytes)`);
}

// ---- shapes -------------------------------------------------------------

/** A polygon of `n` corners on radius `r` around (cx, cy), corners rounded by `round`. */
function polygon(n, r, cx, cy, rotation, round) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rotation + (i / n) * Math.PI * 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  let d = '';
  for (let i = 0; i < n; i++) {
    const [px, py] = pts[(i + n - 1) % n];
    const [x, y] = pts[i];
    const [nx, ny] = pts[(i + 1) % n];
    const k1 = round / Math.hypot(x - px, y - py);
    const k2 = round / Math.hypot(nx - x, ny - y);
    const a = [x + (px - x) * k1, y + (py - y) * k1];
    const b = [x + (nx - x) * k2, y + (ny - y) * k2];
    d += `${i === 0 ? 'M' : 'L'}${a[0].toFixed(2)},${a[1].toFixed(2)} Q${x.toFixed(2)},${y.toFixed(2)} ${b[0].toFixed(2)},${b[1].toFixed(2)} `;
  }
  return d + 'Z';
}

function circle(r, cx, cy) {
  return `M${cx - r},${cy} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`;
}

/** The outline of a token: the silhouette that tells the sides apart. */
function outline(shape, r, cx, cy) {
  switch (shape) {
    case 'circle': return circle(r, cx, cy);
    case 'hexagon': return polygon(6, r, cx, cy, 0, r * 0.14);
    case 'octagon': return polygon(8, r, cx, cy, Math.PI / 8, r * 0.1);
    case 'square': return polygon(4, r * 1.2, cx, cy, Math.PI / 4, r * 0.22);
    case 'shield': // a heater shield: flat top, pointed bottom
      return `M${cx - r * 0.86},${cy - r * 0.8} Q${cx},${cy - r * 1.0} ${cx + r * 0.86},${cy - r * 0.8} ` +
        `L${cx + r * 0.86},${cy - r * 0.1} Q${cx + r * 0.8},${cy + r * 0.62} ${cx},${cy + r * 1.0} ` +
        `Q${cx - r * 0.8},${cy + r * 0.62} ${cx - r * 0.86},${cy - r * 0.1} Z`;
    default: throw new Error(`unknown shape ${shape}`);
  }
}

// ---- colours ------------------------------------------------------------

function hex(c) {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function mix(a, b, t) {
  const [x, y] = [hex(a), hex(b)];
  return '#' + x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, '0')).join('');
}
const lighter = (c, t) => mix(c, '#ffffff', t);
const darker = (c, t) => mix(c, '#000000', t);

// ---- glyphs -------------------------------------------------------------

function gameIcon(name, colour) {
  const icon = gameIcons.icons[name];
  if (!icon) throw new Error(`no game-icons icon ${name}`);
  return { body: icon.body.replaceAll('currentColor', colour), size: 512 };
}
function emoji(name) {
  const icon = fluent.icons[name];
  if (!icon) throw new Error(`no fluent-emoji-flat icon ${name}`);
  return { body: icon.body, size: 32 };
}

/** A glyph centred on (cx, cy), `w` wide, cut into the face (dark below, light above). */
function placeGlyph(g, cx, cy, w, carved) {
  const s = w / g.size;
  const at = (dx, dy) => `translate(${cx - w / 2 + dx},${cy - w / 2 + dy}) scale(${s})`;
  if (!carved) {
    return `<g filter="url(#glyphShadow)"><g transform="${at(0, 0)}">${g.body}</g></g>`;
  }
  const shade = (colour, opacity) =>
    g.body.replace(/fill="[^"]*"/g, `fill="${colour}"`).replace('<path ', `<path fill-opacity="${opacity}" `);
  return `<g transform="${at(0, 2)}">${shade('#000000', 0.45)}</g>` +
    `<g transform="${at(0, -1.2)}">${shade('#ffffff', 0.35)}</g>` +
    `<g transform="${at(0, 0)}">${g.body}</g>`;
}

// ---- tokens -------------------------------------------------------------

/**
 * A token seen from above. `face` is its colour, `rim` the ring round the face,
 * `glyph` what is cut into or printed on it; `radius` is a share of the image.
 */
function token({ shape, face, rim, glyph, glyphWidth = 0.62, radius = 0.4, carved = true, ringInset = 0.84, thickness = 0.05, gloss = 0.28 }) {
  const W = PIECE_PX;
  const cx = W / 2, cy = W / 2 - W * 0.02;
  const r = W * radius;
  const o = (rr, y = cy) => outline(shape, rr, cx, y);
  const side = W * thickness;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${W}" viewBox="0 0 ${W} ${W}">
<defs>
  <radialGradient id="face" cx="38%" cy="30%" r="80%">
    <stop offset="0" stop-color="${lighter(face, 0.28)}"/>
    <stop offset="0.55" stop-color="${face}"/>
    <stop offset="1" stop-color="${darker(face, 0.28)}"/>
  </radialGradient>
  <linearGradient id="rim" x1="0.2" y1="0" x2="0.8" y2="1">
    <stop offset="0" stop-color="${lighter(rim, 0.5)}"/>
    <stop offset="0.45" stop-color="${rim}"/>
    <stop offset="1" stop-color="${darker(rim, 0.45)}"/>
  </linearGradient>
  <linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="${gloss}"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </linearGradient>
  <filter id="blur" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="${W * 0.03}"/></filter>
  <filter id="glyphShadow" x="-20%" y="-20%" width="140%" height="140%">
    <feDropShadow dx="0" dy="${W * 0.012}" stdDeviation="${W * 0.008}" flood-color="#000" flood-opacity="0.45"/>
  </filter>
  <clipPath id="faceClip"><path d="${o(r * ringInset)}"/></clipPath>
</defs>
<path d="${o(r * 1.02, cy + W * 0.055)}" fill="#000" opacity="0.55" filter="url(#blur)"/>
<path d="${o(r, cy + side)}" fill="${darker(rim, 0.55)}"/>
<path d="${o(r)}" fill="url(#rim)"/>
<path d="${o(r * ringInset + W * 0.008)}" fill="${darker(rim, 0.5)}" opacity="0.7"/>
<path d="${o(r * ringInset)}" fill="url(#face)"/>
${placeGlyph(glyph, cx, cy + W * 0.005, r * 2 * glyphWidth, carved)}
<g clip-path="url(#faceClip)"><ellipse cx="${cx - r * 0.12}" cy="${cy - r * 0.55}" rx="${r * 0.75}" ry="${r * 0.42}" fill="url(#gloss)"/></g>
</svg>`;
}

// ---- textures -----------------------------------------------------------

/** A seamless tile of noise mapped between two colours. */
function noiseTile({ size = 256, freq, octaves = 4, dark, light, type = 'fractalNoise', seed = 1, contrast = 1.0, extra = '' }) {
  const [d, l] = [hex(dark), hex(light)];
  const table = (i) => `${(d[i] / 255).toFixed(3)} ${(l[i] / 255).toFixed(3)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><filter id="n" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
  <feTurbulence type="${type}" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}" stitchTiles="stitch"/>
  <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  ${contrast} 0 0 0 ${(1 - contrast) / 2}"/>
  <feComponentTransfer>
    <feFuncR type="table" tableValues="0 1"/>
  </feComponentTransfer>
</filter>
<filter id="c" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
  <feTurbulence type="${type}" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}" stitchTiles="stitch"/>
  <feColorMatrix type="matrix" values="${contrast} 0 0 0 ${(1 - contrast) / 2}  ${contrast} 0 0 0 ${(1 - contrast) / 2}  ${contrast} 0 0 0 ${(1 - contrast) / 2}  0 0 0 0 1"/>
  <feComponentTransfer>
    <feFuncR type="table" tableValues="${table(0)}"/>
    <feFuncG type="table" tableValues="${table(1)}"/>
    <feFuncB type="table" tableValues="${table(2)}"/>
  </feComponentTransfer>
</filter></defs>
<rect width="${size}" height="${size}" filter="url(#c)"/>
${extra}
</svg>`;
}

/** Stone blocks in courses, each block its own shade, with mortar between. */
function masonry({ size = 256, stone, mortar, rows = 4, seed = 7 }) {
  let blocks = '';
  let s = seed;
  const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  const h = size / rows;
  for (let row = 0; row < rows; row++) {
    const count = 3;
    const w = size / count;
    const shift = row % 2 ? w / 2 : 0;
    for (let i = -1; i <= count; i++) {
      const x = i * w + shift;
      const shade = mix(stone, rand() < 0.5 ? '#000000' : '#ffffff', rand() * 0.16);
      blocks += `<rect x="${x + 3}" y="${row * h + 3}" width="${w - 6}" height="${h - 6}" rx="5" fill="${shade}"/>`;
      blocks += `<rect x="${x + 3}" y="${row * h + 3}" width="${w - 6}" height="3" rx="1.5" fill="#ffffff" opacity="0.18"/>`;
      blocks += `<rect x="${x + 3}" y="${row * h + h - 6}" width="${w - 6}" height="3" rx="1.5" fill="#000000" opacity="0.25"/>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><filter id="grit" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="0.08" numOctaves="3" seed="${seed}" stitchTiles="stitch"/>
  <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -0.9 0.55"/>
</filter></defs>
<rect width="${size}" height="${size}" fill="${mortar}"/>
${blocks}
<rect width="${size}" height="${size}" filter="url(#grit)" opacity="0.5"/>
</svg>`;
}

/** Long waves over deep water. */
function sea(size = 256) {
  return noiseTile({
    size, freq: '0.012 0.05', octaves: 4, dark: '#0b2f45', light: '#2a7f94', seed: 3, contrast: 1.6,
    extra: `<defs><filter id="caps" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="turbulence" baseFrequency="0.02 0.09" numOctaves="2" seed="11" stitchTiles="stitch"/>
  <feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  -3.2 0 0 0 0.42"/>
</filter></defs>
<rect width="${size}" height="${size}" filter="url(#caps)" opacity="0.5"/>`,
  });
}

// ---- the skins ----------------------------------------------------------

const pieces = {
  'pirates-bulgars/pirate.png': token({
    shape: 'octagon', face: '#1d1a1c', rim: '#c9973a',
    glyph: gameIcon('pirate-skull', '#efe3c4'), glyphWidth: 0.6, radius: 0.42,
  }),
  'pirates-bulgars/bulgar.png': token({
    shape: 'circle', face: '#b5472c', rim: '#e3d2ad',
    glyph: gameIcon('brutal-helm', '#f3e6c8'), glyphWidth: 0.6, radius: 0.38,
  }),
  'officers-rebels/officer.png': token({
    shape: 'shield', face: '#1f3563', rim: '#d8b04a',
    glyph: gameIcon('police-officer-head', '#f1d98a'), glyphWidth: 0.56, radius: 0.42,
  }),
  'officers-rebels/rebel.png': token({
    shape: 'circle', face: '#d9ccaa', rim: '#6b5238',
    glyph: gameIcon('pitchfork', '#5a2e1c'), glyphWidth: 0.58, radius: 0.38,
  }),
  'fox-geese/fox.png': token({
    shape: 'hexagon', face: '#6d3a1c', rim: '#d78a3c',
    glyph: emoji('fox'), glyphWidth: 0.66, radius: 0.42, carved: false,
  }),
  'fox-geese/goose.png': token({
    shape: 'circle', face: '#f3eee0', rim: '#9c8f78',
    glyph: emoji('goose'), glyphWidth: 0.62, radius: 0.38, carved: false,
  }),
  'tigers-goats/tiger.png': token({
    shape: 'octagon', face: '#2b2118', rim: '#d6a43e',
    glyph: emoji('tiger-face'), glyphWidth: 0.66, radius: 0.42, carved: false,
  }),
  'tigers-goats/goat.png': token({
    shape: 'circle', face: '#e9e2cf', rim: '#a88a4e',
    glyph: emoji('goat'), glyphWidth: 0.64, radius: 0.38, carved: false,
  }),
  'high-contrast/hunter.png': token({
    shape: 'square', face: '#0a0a0a', rim: '#ffffff',
    glyph: gameIcon('wolf-head', '#ffffff'), glyphWidth: 0.64, radius: 0.42, ringInset: 0.78, gloss: 0.12,
  }),
  'high-contrast/crowd.png': token({
    shape: 'circle', face: '#ffffff', rim: '#0a0a0a',
    glyph: gameIcon('chess-pawn', '#0a0a0a'), glyphWidth: 0.5, radius: 0.38, ringInset: 0.8, gloss: 0.0,
  }),
  'classic/hunter.png': token({
    shape: 'hexagon', face: '#5b2a17', rim: '#3a1d0f',
    glyph: gameIcon('crossed-swords', '#e6c27a'), glyphWidth: 0.56, radius: 0.42,
  }),
  'classic/crowd.png': token({
    shape: 'circle', face: '#e8cf9c', rim: '#b88a4f',
    glyph: gameIcon('chess-pawn', '#7a5230'), glyphWidth: 0.42, radius: 0.36,
  }),
};

const textures = {
  'pirates-bulgars/sea.png': sea(256),
  'pirates-bulgars/sand.png': noiseTile({ freq: '0.05', octaves: 4, dark: '#b38c5a', light: '#e6c993', seed: 5, contrast: 1.3 }),
  'pirates-bulgars/fort.png': masonry({ stone: '#8d8a80', mortar: '#4b463d', rows: 4, seed: 9 }),
  'officers-rebels/map.png': noiseTile({ freq: '0.02', octaves: 5, dark: '#a99b72', light: '#e2d7b1', seed: 8, contrast: 1.2 }),
  'officers-rebels/baize.png': noiseTile({ freq: '0.6', octaves: 2, dark: '#17301f', light: '#2a4a31', seed: 4, contrast: 1.0 }),
  'officers-rebels/brick.png': masonry({ stone: '#9a4a32', mortar: '#5e4a3a', rows: 6, seed: 3 }),
  'fox-geese/maple.png': noiseTile({ freq: '0.004 0.09', octaves: 4, dark: '#c99a5e', light: '#ecc892', seed: 2, contrast: 1.4 }),
  'fox-geese/meadow.png': noiseTile({ freq: '0.04', octaves: 4, dark: '#2f4a23', light: '#5d7c3a', seed: 6, contrast: 1.3 }),
  'tigers-goats/brass.png': noiseTile({ freq: '0.003 0.3', octaves: 3, dark: '#9c7430', light: '#e0b860', seed: 12, contrast: 1.4 }),
  'tigers-goats/cloth.png': noiseTile({ freq: '0.5 0.5', octaves: 2, dark: '#4a1614', light: '#7a2a22', seed: 2, contrast: 1.0 }),
  'classic/walnut.png': noiseTile({ freq: '0.005 0.12', octaves: 4, dark: '#2b170c', light: '#4a2a16', seed: 21, contrast: 1.4 }),
  'classic/oak.png': noiseTile({ freq: '0.004 0.1', octaves: 4, dark: '#b98a52', light: '#deb57a', seed: 14, contrast: 1.4 }),
};

for (const [name, svg] of Object.entries(pieces)) write(`sprites/${name}`, svg, PIECE_PX);
for (const [name, svg] of Object.entries(textures)) write(`textures/${name}`, svg, 256);
