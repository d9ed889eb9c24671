/**
 * Generated catalogue images (no binary assets): SVG documents that render a name on a gradient
 * derived from an id, in the dark theme's palette. Game tiles are 195x196 (spec 2 section 9), icons
 * square, provider logos wide, banner slides 1200x400.
 */

/** Image URLs the catalogue stores (served by GET /api/img/{kind}/{id}.svg). */
export const imageUrl = {
  game: (id: string) => `/api/img/games/${id}.svg`,
  icon: (id: string) => `/api/img/icons/${id}.svg`,
  provider: (id: string) => `/api/img/providers/${id}.svg`,
  slide: (id: string) => `/api/img/slides/${id}.svg`,
};

/** 32-bit FNV-1a of a string: a stable seed for an id's colours and pattern. */
export function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Palette {
  from: string;
  to: string;
  accent: string;
  hueA: number;
}

function palette(id: string): Palette {
  const h = hashId(id);
  const hueA = h % 360;
  const hueB = (hueA + 35 + ((h >>> 9) % 70)) % 360;
  return {
    from: `hsl(${hueA}, 72%, 46%)`,
    to: `hsl(${hueB}, 70%, 22%)`,
    accent: `hsl(${(hueA + 180) % 360}, 90%, 70%)`,
    hueA,
  };
}

/** Splits a name into at most `maxLines` lines of about `width` characters. */
export function wrapName(name: string, width: number, maxLines: number): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** Decorative shapes placed from the hash (soft circles and a ring). */
function decorations(id: string, w: number, h: number, accent: string): string {
  const seed = hashId(`${id}#shapes`);
  const shapes: string[] = [];
  for (let i = 0; i < 3; i++) {
    const s = (seed >>> (i * 8)) & 0xff;
    const cx = Math.round(((s * 37) % 100) * w * 0.01);
    const cy = Math.round(((s * 53) % 100) * h * 0.01);
    const r = Math.round(Math.min(w, h) * (0.18 + (s % 30) / 100));
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.05 + (s % 6) / 100).toFixed(2)}"/>`,
    );
  }
  const ring = (seed >>> 24) & 0xff;
  shapes.push(
    `<circle cx="${Math.round(w * 0.82)}" cy="${Math.round(h * 0.2)}" r="${Math.round(Math.min(w, h) * 0.12 + (ring % 10))}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.35"/>`,
  );
  return shapes.join('');
}

function gradientDefs(id: string, p: Palette, clip?: { w: number; h: number; r: number }): string {
  const angle =
    hashId(`${id}#angle`) % 2 === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
  return (
    `<defs><linearGradient id="g" ${angle}><stop offset="0" stop-color="${p.from}"/>` +
    `<stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="v" cx="0.5" cy="0.35" r="0.8"><stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>` +
    (clip ? `<clipPath id="c"><rect width="${clip.w}" height="${clip.h}" rx="${clip.r}"/></clipPath>` : '') +
    `</defs>`
  );
}

const FONT = `font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"`;

function textLines(lines: string[], x: number, centreY: number, size: number, weight = 800): string {
  const lineHeight = Math.round(size * 1.12);
  const top = centreY - ((lines.length - 1) * lineHeight) / 2;
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${Math.round(top + i * lineHeight)}" ${FONT} font-size="${size}" font-weight="${weight}" ` +
        `fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(l)}</text>`,
    )
    .join('');
}

/** A 195x196 game tile: the name on the id's gradient, with an optional caption (the provider). */
export function gameTileSvg(id: string, name: string, caption?: string | null): string {
  const w = 195;
  const h = 196;
  const p = palette(id);
  const lines = wrapName(name.toUpperCase(), 11, 3);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.max(15, Math.min(30, Math.floor(170 / (longest * 0.62))));
  const footer = caption
    ? `<text x="${w / 2}" y="${h - 16}" ${FONT} font-size="11" font-weight="600" fill="#fff" fill-opacity="0.75" ` +
      `text-anchor="middle" letter-spacing="1.5">${escapeXml(caption.toUpperCase())}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}">` +
    `${gradientDefs(id, p, { w, h, r: 14 })}<g clip-path="url(#c)"><rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `${decorations(id, w, h, p.accent)}<rect width="${w}" height="${h}" fill="url(#v)"/></g>` +
    `${textLines(lines, w / 2, caption ? 92 : 98, size)}${footer}</svg>`
  );
}

/** A 64x64 icon: the name's initials on the id's gradient. */
export function iconSvg(id: string, name: string): string {
  const p = palette(id);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}">` +
    `${gradientDefs(id, p)}<rect width="64" height="64" rx="16" fill="url(#g)"/>` +
    `${textLines([initials], 32, 34, initials.length > 1 ? 24 : 30)}</svg>`
  );
}

/** A 240x120 provider logo: the name in letter-spaced capitals on a dark plate with the id's accent. */
export function providerLogoSvg(id: string, name: string): string {
  const p = palette(id);
  const lines = wrapName(name.toUpperCase(), 14, 2);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.max(14, Math.min(26, Math.floor(210 / (longest * 0.68))));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeXml(name)}">` +
    `${gradientDefs(id, p)}<rect width="240" height="120" rx="14" fill="hsl(${p.hueA}, 25%, 14%)"/>` +
    `<rect x="0" y="0" width="240" height="6" rx="3" fill="url(#g)"/>` +
    `<circle cx="26" cy="28" r="7" fill="${p.accent}" opacity="0.8"/>` +
    `${textLines(lines, 120, 64, size, 800)}</svg>`
  );
}

/** A 1200x400 banner slide: title and text over the id's gradient. */
export function slideSvg(id: string, title: string, text: string): string {
  const p = palette(id);
  const titleLines = wrapName(title, 24, 2);
  const textLinesOut = wrapName(text, 48, 2);
  const title$ = titleLines
    .map(
      (l, i) =>
        `<text x="80" y="${140 + i * 74}" ${FONT} font-size="64" font-weight="800" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  const text$ = textLinesOut
    .map(
      (l, i) =>
        `<text x="80" y="${150 + titleLines.length * 74 + i * 44}" ${FONT} font-size="34" font-weight="500" fill="#fff" fill-opacity="0.82">${escapeXml(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" role="img" aria-label="${escapeXml(title)}">` +
    `${gradientDefs(id, p, { w: 1200, h: 400, r: 24 })}<g clip-path="url(#c)"><rect width="1200" height="400" fill="url(#g)"/>` +
    `${decorations(id, 1200, 400, p.accent)}<rect width="1200" height="400" fill="url(#v)"/></g>` +
    `${title$}${text$}</svg>`
  );
}
