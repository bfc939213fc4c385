import sharp from 'sharp';

/** Which drawing a catalogue item gets. */
export type PartVisual =
  | 'brake-pad'
  | 'disc'
  | 'chain'
  | 'sprocket'
  | 'chain-kit'
  | 'spark-plug'
  | 'oil-filter'
  | 'air-filter'
  | 'fuel-filter'
  | 'clutch'
  | 'cable'
  | 'piston'
  | 'valve'
  | 'gasket'
  | 'washer'
  | 'bearing'
  | 'hose'
  | 'bottle'
  | 'thermostat'
  | 'fork-seal'
  | 'battery'
  | 'lever'
  | 'mirror'
  | 'spray';

export interface PartArt {
  visual: PartVisual;
  /** A #rrggbb colour for painted, anodised or rubber surfaces and for the background tint. */
  accent: string;
  /** Picks between layouts of the same kind (front or rear pads, jug or bottle ...). */
  variant?: number;
}

export const PRODUCT_IMAGE = { width: 600, height: 450 } as const;
export const AVATAR_IMAGE = { width: 160, height: 160 } as const;

type Point = readonly [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];

/** Rounds coordinates so the markup stays short; sub-pixel precision is invisible here. */
export const n = (value: number): number => Math.round(value * 10) / 10;

const hexToRgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

export function mix(from: string, to: string, amount: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return `#${((1 << 24) | (channel(0) << 16) | (channel(1) << 8) | channel(2)).toString(16).slice(1)}`;
}
export const shade = (color: string, amount: number): string => mix(color, '#000000', amount);
export const tint = (color: string, amount: number): string => mix(color, '#ffffff', amount);

/** Small deterministic generator, so a seed always renders the same bytes (and the same content hash). */
export function random(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const polar = (cx: number, cy: number, r: number, angle: number): Point => [
  cx + r * Math.cos(angle),
  cy + r * Math.sin(angle),
];

/** A closed circle sub-path, so holes can be cut with fill-rule="evenodd". */
export const circlePath = (cx: number, cy: number, r: number): string => ellipsePath(cx, cy, r, r);
export const ellipsePath = (cx: number, cy: number, rx: number, ry: number): string =>
  `M${n(cx + rx)},${n(cy)}a${n(rx)},${n(ry)} 0 1 0 ${n(-2 * rx)},0a${n(rx)},${n(ry)} 0 1 0 ${n(2 * rx)},0Z`;

export const polyline = (points: readonly Point[], close = true): string =>
  `M${points.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}${close ? 'Z' : ''}`;

export function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  return `M${n(x + r)},${n(y)}h${n(w - 2 * r)}a${n(r)},${n(r)} 0 0 1 ${n(r)},${n(r)}v${n(h - 2 * r)}a${n(r)},${n(r)} 0 0 1 ${n(-r)},${n(r)}h${n(-(w - 2 * r))}a${n(r)},${n(r)} 0 0 1 ${n(-r)},${n(-r)}v${n(-(h - 2 * r))}a${n(r)},${n(r)} 0 0 1 ${n(r)},${n(-r)}Z`;
}

/** Trapezoid teeth around a pitch circle: reads as a sprocket or a gear at any size. */
export function gearPath(cx: number, cy: number, teeth: number, tip: number, root: number, start = -Math.PI / 2): string {
  const step = (Math.PI * 2) / teeth;
  const points: Point[] = [];
  for (let i = 0; i < teeth; i++) {
    const a = start + i * step;
    points.push(
      polar(cx, cy, root, a - step * 0.5),
      polar(cx, cy, root, a - step * 0.3),
      polar(cx, cy, tip, a - step * 0.13),
      polar(cx, cy, tip, a + step * 0.13),
      polar(cx, cy, root, a + step * 0.3),
    );
  }
  return polyline(points);
}

/** An open arc as a polyline; rsvg and every browser agree on it, unlike edge cases of the A command. */
export function arcPath(cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps = 48): string {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = from + ((to - from) * i) / steps;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return polyline(points, false);
}

const cubicAt = (p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point => {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
  ];
};

/** Points at a fixed distance along a cubic curve: chain pins must sit one pitch apart. */
function alongCubic(p0: Point, p1: Point, p2: Point, p3: Point, spacing: number): Point[] {
  const points: Point[] = [p0];
  let previous = p0;
  let travelled = 0;
  for (let i = 1; i <= 3000; i++) {
    const p = cubicAt(p0, p1, p2, p3, i / 3000);
    travelled += Math.hypot(p[0] - previous[0], p[1] - previous[1]);
    previous = p;
    if (travelled >= spacing) {
      points.push(p);
      travelled = 0;
    }
  }
  return points;
}

const degrees = (from: Point, to: Point): number => (Math.atan2(to[1] - from[1], to[0] - from[0]) * 180) / Math.PI;

/** Collects gradients and filters of one document under unique ids, so several drawings can share a canvas. */
export class Defs {
  readonly #items: string[] = [];
  #next = 0;
  constructor(private readonly prefix = 'g') {}

  add(make: (id: string) => string): string {
    const id = `${this.prefix}${(this.#next++).toString(36)}`;
    this.#items.push(make(id));
    return id;
  }

  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.add(
      (gid) => `<linearGradient id="${gid}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A gradient in canvas coordinates, for strokes and shapes whose bounding box would distort it. */
  linearAt(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.add(
      (gid) =>
        `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.add(
      (gid) => `<radialGradient id="${gid}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(deviation: number): string {
    const id = this.add(
      (gid) =>
        `<filter id="${gid}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.add((gid) => `<clipPath id="${gid}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  pattern(width: number, height: number, content: string, transform = ''): string {
    const id = this.add(
      (gid) =>
        `<pattern id="${gid}" width="${width}" height="${height}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  markup(): string {
    return `<defs>${this.#items.join('')}</defs>`;
  }
}

const stopsMarkup = (stops: readonly Stop[]): string =>
  stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');

export const svgDocument = (width: number, height: number, defs: Defs, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs.markup()}${body}</svg>`;

// Shared finishes. Each call adds its own gradient, because a document may hold several parts.
const steelX = (d: Defs) =>
  d.linear([[0, '#5f6b78'], [0.25, '#c9d1d9'], [0.5, '#f4f6f8'], [0.75, '#aab4bf'], [1, '#56616d']], 0, 0, 1, 0);
const steelY = (d: Defs) =>
  d.linear([[0, '#eef1f4'], [0.45, '#b7c0ca'], [0.55, '#98a3af'], [1, '#5a6572']]);
const steelDiagonal = (d: Defs) =>
  d.linear([[0, '#f3f5f8'], [0.4, '#c3cbd4'], [0.6, '#9ba6b2'], [1, '#5c6773']], 0, 0, 1, 1);
const accentX = (d: Defs, accent: string) =>
  d.linear([[0, shade(accent, 0.45)], [0.3, accent], [0.55, tint(accent, 0.35)], [0.8, accent], [1, shade(accent, 0.5)]], 0, 0, 1, 0);
const accentDiagonal = (d: Defs, accent: string) =>
  d.linear([[0, tint(accent, 0.35)], [0.5, accent], [1, shade(accent, 0.45)]], 0, 0, 1, 1);
const rubber = (d: Defs) => d.linear([[0, '#4a5059'], [0.5, '#2b3036'], [1, '#16191d']], 0, 0, 1, 1);

const HOLE = '#1c232b';

/** A group placed at (x, y), turned and scaled around its own origin. */
const place = (x: number, y: number, rotate: number, scale: number, body: string): string =>
  `<g transform="translate(${n(x)},${n(y)})${rotate ? ` rotate(${n(rotate)})` : ''}${scale !== 1 ? ` scale(${scale})` : ''}">${body}</g>`;

type Draw = (d: Defs, accent: string, variant: number, rand: () => number) => string;

// ---------------------------------------------------------------------------------------------
// Parts. Every drawing fills a 600 x 450 frame with the part resting around (300, 225).

const brakePad: Draw = (d, accent, variant, rand) => {
  const rear = variant === 1;
  const plate = rear
    ? 'M-112,-48L112,-48Q128,-48 127,-32L119,40Q117,54 103,54L-103,54Q-117,54 -119,40L-127,-32Q-128,-48 -112,-48Z'
    : 'M-132,-30C-72,-82 72,-82 132,-30L120,44C60,18 -60,18 -120,44Z';
  const lining = rear
    ? 'M-98,-34L98,-34L92,40L-92,40Z'
    : 'M-112,-22C-60,-64 60,-64 112,-22L103,32C52,8 -52,8 -103,32Z';
  const ears = rear
    ? `<circle cx="-132" cy="-34" r="20"/><circle cx="132" cy="-34" r="20"/>`
    : `<circle cx="-140" cy="-40" r="21"/><circle cx="140" cy="-40" r="21"/>`;
  const earHoles = rear
    ? `<circle cx="-134" cy="-34" r="8"/><circle cx="134" cy="-34" r="8"/>`
    : `<circle cx="-142" cy="-41" r="8"/><circle cx="142" cy="-41" r="8"/>`;
  const plateFill = accentDiagonal(d, accent);
  const liningFill = d.linear([[0, '#5b5650'], [0.5, '#3d3935'], [1, '#24211f']], 0, 0, 1, 1);
  const shimFill = steelDiagonal(d);
  let speckles = '';
  for (let i = 0; i < 40; i++) {
    const x = -90 + rand() * 180;
    const y = (rear ? -26 : -30) + rand() * 56;
    speckles += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.8 + rand() * 1.6)}"/>`;
  }
  const pad = (showLining: boolean) =>
    `<g fill="${plateFill}" stroke="${shade(accent, 0.55)}" stroke-width="2">${ears}<path d="${plate}"/></g>` +
    `<g fill="${HOLE}">${earHoles}</g>` +
    (showLining
      ? `<path d="${lining}" fill="${liningFill}" stroke="#181614" stroke-width="2"/>` +
        `<g fill="#8d857b" opacity="0.55">${speckles}</g>` +
        `<path d="M0,${rear ? -34 : -52}V${rear ? 40 : 14}" stroke="#141210" stroke-width="7"/>` +
        `<path d="${lining}" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="3" transform="translate(0,-3)"/>`
      : `<path d="${lining}" fill="${shimFill}" stroke="#56616d" stroke-width="2" transform="scale(0.92)"/>` +
        `<path d="M-60,${rear ? -10 : -20}h120" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5" stroke-linecap="round"/>`);
  return place(250, 178, -11, 1, pad(false)) + place(345, 272, 7, 1, pad(true));
};

const disc: Draw = (d, accent, variant) => {
  const cx = 300;
  const cy = 218;
  const wave = variant === 1;
  const outline = (r: number) => {
    if (!wave) return circlePath(cx, cy, r);
    const points: Point[] = [];
    for (let i = 0; i < 144; i++) {
      const a = (i / 144) * Math.PI * 2;
      points.push(polar(cx, cy, r - 7 + 7 * Math.cos(a * 12), a));
    }
    return polyline(points);
  };
  let holes = '';
  for (let ring = 0; ring < 2; ring++) {
    for (let i = 0; i < 24; i++) {
      const a = ((i + ring * 0.5) / 24) * Math.PI * 2;
      const [x, y] = polar(cx, cy, 118 + ring * 22, a);
      holes += `<circle cx="${n(x)}" cy="${n(y)}" r="6.5"/>`;
    }
  }
  let buttons = '';
  let windows = '';
  let bolts = '';
  for (let i = 0; i < 10; i++) {
    const [x, y] = polar(cx, cy, 93, (i / 10) * Math.PI * 2);
    buttons += `<circle cx="${n(x)}" cy="${n(y)}" r="9.5" fill="#dfe5eb" stroke="#59636e" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y)}" r="3.5" fill="#59636e"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const a = ((i + 0.5) / 5) * Math.PI * 2;
    const [x, y] = polar(cx, cy, 62, a);
    windows += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="15" ry="11" transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(x)} ${n(y)})"/>`;
    const [bx, by] = polar(cx, cy, 44, (i / 5) * Math.PI * 2);
    bolts += `<circle cx="${n(bx)}" cy="${n(by)}" r="7"/>`;
  }
  let rings = '';
  for (let r = 106; r < 158; r += 6) rings += circlePath(cx, cy, r);
  const rotor = d.linear([[0, '#f2f5f8'], [0.35, '#c5cdd6'], [0.5, '#e9edf1'], [0.7, '#a7b1bc'], [1, '#6a7682']], 0, 0, 1, 1);
  return (
    `<path d="${outline(160)}" fill="#4d5661" transform="translate(7,9)"/>` +
    `<path d="${outline(160)}" fill="${rotor}" stroke="#6a7581" stroke-width="2"/>` +
    `<path d="${rings}" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="1.5"/>` +
    `<g fill="${HOLE}">${holes}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="100" fill="#8a95a1"/>` +
    `<circle cx="${cx}" cy="${cy}" r="86" fill="${accentDiagonal(d, accent)}" stroke="${shade(accent, 0.5)}" stroke-width="2"/>` +
    `<g fill="${shade(accent, 0.55)}">${windows}</g>` +
    buttons +
    `<circle cx="${cx}" cy="${cy}" r="31" fill="${HOLE}"/><circle cx="${cx}" cy="${cy}" r="31" fill="none" stroke="${tint(accent, 0.4)}" stroke-width="3"/>` +
    `<g fill="${HOLE}">${bolts}</g>`
  );
};

const chainRun = (d: Defs, accent: string, points: readonly Point[], width = 26): string => {
  const inner = d.linear([[0, '#8792a0'], [0.5, '#58626e'], [1, '#2f353d']]);
  const outer = d.linear([[0, tint(accent, 0.45)], [0.5, accent], [1, shade(accent, 0.5)]]);
  let innerPlates = '';
  let outerPlates = '';
  let pins = '';
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as Point;
    const b = points[i + 1] as Point;
    const half = Math.hypot(b[0] - a[0], b[1] - a[1]) / 2;
    const q = half / 2;
    const r = width / 2;
    const waist = width * 0.34;
    // Figure-of-eight side plate: round over each pin, narrow between them.
    const plate = `<path d="M${n(-half)},${-r}C${n(-q)},${-r} ${n(-q)},${n(-waist)} 0,${n(-waist)}C${n(q)},${n(-waist)} ${n(q)},${-r} ${n(half)},${-r}A${r},${r} 0 0 1 ${n(half)},${r}C${n(q)},${r} ${n(q)},${n(waist)} 0,${n(waist)}C${n(-q)},${n(waist)} ${n(-q)},${r} ${n(-half)},${r}A${r},${r} 0 0 1 ${n(-half)},${-r}Z" transform="translate(${n((a[0] + b[0]) / 2)},${n((a[1] + b[1]) / 2)}) rotate(${n(degrees(a, b))})"/>`;
    if (i % 2 === 0) innerPlates += plate;
    else outerPlates += plate;
  }
  for (const [x, y] of points) {
    pins += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(width * 0.27)}"/>`;
  }
  return (
    `<g fill="${inner}" stroke="#1d2126" stroke-width="2">${innerPlates}</g>` +
    `<g fill="${outer}" stroke="${shade(accent, 0.6)}" stroke-width="2">${outerPlates}</g>` +
    `<g fill="#e6eaee" stroke="#4b545e" stroke-width="2">${pins}</g>`
  );
};

const chain: Draw = (d, accent) => chainRun(d, accent, alongCubic([40, 330], [190, 10], [410, 450], [565, 120], 38), 30);

const sprocketShape = (d: Defs, accent: string, cx: number, cy: number, teeth: number, tip: number, lightening: number): string => {
  const root = tip - Math.max(9, tip * 0.085);
  let path = gearPath(cx, cy, teeth, tip, root) + circlePath(cx, cy, tip * 0.27);
  for (let i = 0; i < lightening; i++) {
    const [x, y] = polar(cx, cy, tip * 0.62, ((i + 0.5) / lightening) * Math.PI * 2);
    path += circlePath(x, y, tip * 0.19);
  }
  let bolts = '';
  for (let i = 0; i < 6; i++) {
    const [x, y] = polar(cx, cy, tip * 0.38, (i / 6) * Math.PI * 2);
    bolts += circlePath(x, y, Math.max(3, tip * 0.045));
  }
  return (
    `<path d="${path}" fill="${shade(accent, 0.55)}" fill-rule="evenodd" transform="translate(6,8)"/>` +
    `<path d="${path}${bolts}" fill="${accentDiagonal(d, accent)}" fill-rule="evenodd" stroke="${shade(accent, 0.6)}" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(root - 12)}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3"/>`
  );
};

const sprocket: Draw = (d, accent) => sprocketShape(d, accent, 300, 220, 42, 168, 6);

const chainKit: Draw = (d, accent, variant) => {
  const rear: Point = [392, 205];
  const front: Point = [132, 268];
  const r2 = 128;
  const r1 = 48;
  const sprocketColor = variant === 1 ? accent : '#9aa4ae';
  const [dx, dy] = [rear[0] - front[0], rear[1] - front[1]];
  const distance = Math.hypot(dx, dy);
  const theta = Math.atan2(dy, dx);
  const alpha = Math.acos((r1 - r2) / distance);
  const upper = theta - alpha;
  const lower = theta + alpha;
  const [a1x, a1y] = polar(front[0], front[1], r1, upper);
  const [a2x, a2y] = polar(rear[0], rear[1], r2, upper);
  const [b2x, b2y] = polar(rear[0], rear[1], r2, lower);
  const [b1x, b1y] = polar(front[0], front[1], r1, lower);
  const belt = `M${n(a1x)},${n(a1y)}L${n(a2x)},${n(a2y)}A${r2},${r2} 0 1 1 ${n(b2x)},${n(b2y)}L${n(b1x)},${n(b1y)}A${r1},${r1} 0 0 1 ${n(a1x)},${n(a1y)}Z`;
  return (
    sprocketShape(d, sprocketColor, rear[0], rear[1], 45, 140, 5) +
    sprocketShape(d, '#7d8894', front[0], front[1], 15, 58, 0) +
    `<path d="${belt}" fill="none" stroke="#1f242a" stroke-width="22"/>` +
    `<path d="${belt}" fill="none" stroke="${accent}" stroke-width="15" stroke-dasharray="15 8"/>` +
    `<path d="${belt}" fill="none" stroke="#e8ecef" stroke-width="6" stroke-linecap="round" stroke-dasharray="0 23" stroke-dashoffset="-19"/>`
  );
};

const sparkPlugShape = (d: Defs, accent: string): string => {
  const ceramic = d.linear([[0, '#c9ced6'], [0.35, '#ffffff'], [0.7, '#eef0f3'], [1, '#aeb5bf']], 0, 0, 1, 0);
  let ribs = '';
  for (let i = 0; i < 5; i++) ribs += `<rect x="-21" y="${-148 + i * 13}" width="42" height="9" rx="4.5"/>`;
  let threads = '';
  for (let y = 52; y < 122; y += 7) threads += `M-28,${y}L28,${y + 5}`;
  const steel = steelX(d);
  return (
    `<rect x="-13" y="-176" width="26" height="28" rx="5" fill="${steel}" stroke="#56606b" stroke-width="2"/>` +
    `<path d="M-17,-150h34v80h6v60h-46v-60h6Z" fill="${ceramic}" stroke="#9aa2ad" stroke-width="2"/>` +
    `<g fill="${ceramic}" stroke="#9aa2ad" stroke-width="1.5">${ribs}</g>` +
    `<rect x="-23" y="-52" width="46" height="9" fill="${accent}"/>` +
    `<rect x="-36" y="-22" width="72" height="14" rx="6" fill="${steel}" stroke="#56606b" stroke-width="2"/>` +
    `<path d="M-46,-8h92v50h-92Z" fill="${steel}" stroke="#4f5964" stroke-width="2"/>` +
    `<path d="M-23,-8v50M23,-8v50" stroke="#4f5964" stroke-width="2" opacity="0.8"/>` +
    `<rect x="-40" y="42" width="80" height="9" rx="3" fill="#c7ccd2" stroke="#6b747e" stroke-width="1.5"/>` +
    `<rect x="-28" y="50" width="56" height="74" fill="${steel}" stroke="#56606b" stroke-width="2"/>` +
    `<path d="${threads}" stroke="#3f4852" stroke-opacity="0.65" stroke-width="2"/>` +
    `<rect x="-10" y="122" width="20" height="8" fill="#f1f2f4"/><rect x="-3" y="128" width="6" height="10" fill="#b9a06a"/>` +
    `<path d="M24,122V146Q24,152 16,152H-2" fill="none" stroke="#7f8893" stroke-width="8" stroke-linejoin="round"/>`
  );
};

const sparkPlug: Draw = (d, accent) =>
  place(405, 228, 20, 0.8, sparkPlugShape(d, accent)) + place(262, 218, -24, 1, sparkPlugShape(d, accent));

const oilFilter: Draw = (d, accent) => {
  const body = accentX(d, accent);
  const label = d.linear([[0, tint(accent, 0.55)], [0.5, tint(accent, 0.85)], [1, tint(accent, 0.45)]], 0, 0, 1, 0);
  const plate = steelDiagonal(d);
  let ridges = '';
  for (let x = 216; x <= 384; x += 12) ridges += `M${x},302V${n(342 + 8 * Math.sin(((x - 208) / 184) * Math.PI))}`;
  let holes = '';
  for (let i = 0; i < 6; i++) {
    const [x, y] = polar(300, 118, 1, (i / 6) * Math.PI * 2 + 0.3);
    holes += ellipsePath(300 + (x - 300) * 50, 118 + (y - 118) * 12, 8, 3.5);
  }
  return (
    `<ellipse cx="300" cy="345" rx="92" ry="24" fill="${body}"/>` +
    `<rect x="208" y="118" width="184" height="228" fill="${body}"/>` +
    `<path d="${ridges}" stroke="${shade(accent, 0.55)}" stroke-width="3" stroke-opacity="0.7"/>` +
    `<path d="M208,196h184v86h-184Z" fill="${label}"/>` +
    `<path d="M264,210c0,0 -16,22 -16,34a16,16 0 0 0 32,0c0,-12 -16,-34 -16,-34Z" fill="${accent}"/>` +
    `<path d="M294,228h64M294,244h48M294,260h56" stroke="${shade(accent, 0.35)}" stroke-width="7" stroke-linecap="round"/>` +
    `<ellipse cx="300" cy="118" rx="92" ry="25" fill="${plate}" stroke="${shade(accent, 0.5)}" stroke-width="4"/>` +
    `<ellipse cx="300" cy="118" rx="77" ry="19" fill="none" stroke="#16191d" stroke-width="9"/>` +
    `<path d="${holes}" fill="${HOLE}"/>` +
    `<ellipse cx="300" cy="118" rx="20" ry="6" fill="${HOLE}" stroke="#c4ccd4" stroke-width="3"/>`
  );
};

const airFilter: Draw = (d, accent) => {
  const pleats = d.pattern(
    16,
    10,
    `<rect width="8" height="10" fill="#efe8d2"/><rect x="8" width="8" height="10" fill="#c3b994"/><rect x="7" width="2" height="10" fill="#fffaf0"/>`,
  );
  const frame = accentDiagonal(d, accent);
  const panel = `<rect x="-185" y="-112" width="370" height="224" rx="28"/>`;
  return (
    `<g transform="translate(300,228) rotate(-6) skewX(-22) scale(1,0.72)">` +
    `<g fill="${shade(accent, 0.55)}" transform="translate(0,30)">${panel}</g>` +
    `<g fill="${frame}" stroke="${shade(accent, 0.6)}" stroke-width="2">${panel}</g>` +
    `<rect x="-152" y="-80" width="304" height="160" rx="8" fill="${pleats}" stroke="${shade(accent, 0.6)}" stroke-width="3"/>` +
    `<path d="M-152,-27h304M-152,27h304M-51,-80v160M51,-80v160" stroke="${shade(accent, 0.35)}" stroke-width="4" opacity="0.75"/>` +
    `<rect x="-152" y="-80" width="304" height="160" rx="8" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3" transform="translate(2,2)"/>` +
    `</g>`
  );
};

const fuelFilter: Draw = (d, accent) => {
  const element = d.pattern(12, 10, `<rect width="6" height="10" fill="#f3e3a8"/><rect x="6" width="6" height="10" fill="#d4bd6c"/>`);
  const shell = d.linear([[0, '#ffffff', 0.75], [0.5, '#ffffff', 0.2], [1, '#dfe7ee', 0.6]]);
  const barb = steelY(d);
  const hose = rubber(d);
  const end = (flip: boolean) =>
    `<g${flip ? ' transform="scale(-1,1)"' : ''}>` +
    `<path d="M-104,-40L-128,-14V14L-104,40Z" fill="${accentX(d, accent)}" stroke="${shade(accent, 0.5)}" stroke-width="2"/>` +
    `<path d="M-128,-9H-196L-200,-12L-206,-9V9L-200,12L-196,9H-128Z" fill="${barb}" stroke="#5b6570" stroke-width="2"/>` +
    `<path d="M-160,-12V12M-180,-12V12" stroke="#5b6570" stroke-width="2"/>` +
    `</g>`;
  return (
    `<path d="M70,330C40,300 50,240 98,232" fill="none" stroke="${hose}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M508,176C552,168 568,130 556,92" fill="none" stroke="${hose}" stroke-width="30" stroke-linecap="round"/>` +
    `<g transform="translate(300,212) rotate(-8)">` +
    `<rect x="-92" y="-30" width="184" height="60" fill="${element}"/>` +
    `<rect x="-104" y="-42" width="208" height="84" rx="40" fill="${shell}" stroke="#8c9aa8" stroke-width="3"/>` +
    `<path d="M-92,-30h184" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.8"/>` +
    end(false) +
    end(true) +
    `<path d="M-34,50h52v-10l26,16l-26,16v-10h-52Z" fill="${accent}" stroke="${shade(accent, 0.5)}" stroke-width="2"/>` +
    `</g>`
  );
};

const clutch: Draw = (d, accent) => {
  const steel = steelDiagonal(d);
  const friction = (y: number) => {
    const padCircumference = 2 * Math.PI * 118;
    const tabCircumference = 2 * Math.PI * 156;
    return (
      `<g transform="translate(300,${y}) scale(1,0.42)">` +
      `<path d="${circlePath(0, 20, 160)}${circlePath(0, 20, 80)}" fill="${shade(accent, 0.6)}" fill-rule="evenodd"/>` +
      `<circle r="156" fill="none" stroke="#6c7782" stroke-width="16" stroke-dasharray="${n(tabCircumference / 48)} ${n(tabCircumference / 48)}"/>` +
      `<path d="${circlePath(0, 0, 150)}${circlePath(0, 0, 80)}" fill="${steel}" fill-rule="evenodd"/>` +
      `<circle r="116" fill="none" stroke="${accent}" stroke-width="54" stroke-dasharray="${n((padCircumference / 28) * 0.78)} ${n((padCircumference / 28) * 0.22)}"/>` +
      `<circle r="116" fill="none" stroke="${tint(accent, 0.3)}" stroke-width="4" stroke-opacity="0.6" stroke-dasharray="${n((padCircumference / 28) * 0.78)} ${n((padCircumference / 28) * 0.22)}"/>` +
      `</g>`
    );
  };
  const plain = (y: number) => {
    const innerCircumference = 2 * Math.PI * 84;
    return (
      `<g transform="translate(300,${y}) scale(1,0.42)">` +
      `<path d="${circlePath(0, 16, 146)}${circlePath(0, 16, 84)}" fill="#4a535d" fill-rule="evenodd"/>` +
      `<path d="${circlePath(0, 0, 146)}${circlePath(0, 0, 84)}" fill="${steel}" fill-rule="evenodd"/>` +
      `<circle r="84" fill="none" stroke="#7b8691" stroke-width="12" stroke-dasharray="${n(innerCircumference / 60)} ${n(innerCircumference / 60)}"/>` +
      `<circle r="128" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>` +
      `</g>`
    );
  };
  let springs = '';
  for (const [x, y] of [[92, 330], [510, 318]] as const) {
    let coils = '';
    for (let i = 0; i < 8; i++) coils += ellipsePath(x, y - i * 11, 22, 6);
    springs += `<path d="${coils}" fill="none" stroke="#9aa5b1" stroke-width="5"/>`;
  }
  return springs + friction(316) + plain(282) + friction(248) + plain(214) + friction(180);
};

const cableFitting = (d: Defs, accent: string, x: number, y: number, angle: number, adjuster: boolean): string => {
  const metal = steelY(d);
  return place(
    x,
    y,
    angle,
    1,
    `<rect x="-4" y="-11" width="30" height="22" rx="4" fill="${metal}" stroke="#56606b" stroke-width="2"/>` +
      (adjuster
        ? `<rect x="24" y="-8" width="46" height="16" fill="${metal}" stroke="#56606b" stroke-width="1.5"/>` +
          `<path d="M30,-8v16M36,-8v16M42,-8v16M48,-8v16M54,-8v16M60,-8v16" stroke="#56606b" stroke-width="1.5"/>` +
          `<rect x="38" y="-15" width="14" height="30" rx="3" fill="${accent}" stroke="${shade(accent, 0.5)}" stroke-width="2"/>` +
          `<path d="M70,0h40" stroke="#c9d0d7" stroke-width="3.5"/>` +
          `<rect x="108" y="-10" width="14" height="20" rx="4" fill="#d2b46a" stroke="#8a7033" stroke-width="2"/>`
        : `<path d="M26,0h44" stroke="#c9d0d7" stroke-width="3.5"/>` +
          `<rect x="68" y="-9" width="20" height="18" rx="9" fill="#d2b46a" stroke="#8a7033" stroke-width="2"/>`),
  );
};

const cable: Draw = (d, accent, variant) => {
  const route = 'M112,318C112,170 180,90 300,110C430,130 470,250 380,300C290,350 230,250 300,190C350,148 420,150 456,126';
  const sheath = (offset: string, color: string) =>
    `<g${offset}><path d="${route}" fill="none" stroke="${shade(color, 0.4)}" stroke-width="19" stroke-linecap="round"/>` +
    `<path d="${route}" fill="none" stroke="${color}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="${route}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="4" transform="translate(-2,-3)"/>` +
    cableFitting(d, accent, 112, 318, 90, false) +
    cableFitting(d, accent, 456, 126, -34, true) +
    `</g>`;
  return variant === 1
    ? sheath(' transform="translate(-40,22) rotate(-4 300 225)"', '#2a2f36') + sheath(' transform="translate(6,-14)"', '#1f2328')
    : sheath('', '#1f2328');
};

const piston: Draw = (d, accent) => {
  const alloy = d.linear([[0, '#8d96a0'], [0.2, '#d7dce1'], [0.45, '#f5f7f9'], [0.75, '#b9c1c9'], [1, '#737d88']], 0, 0, 1, 0);
  const ringStroke = d.linearAt([[0, '#e7ebef'], [0.5, '#7d8894'], [1, '#3e4650']], 0, 120, 0, 230);
  let rings = '';
  for (let i = 0; i < 3; i++) {
    const y = 140 + i * 30;
    rings += `<path d="${arcPath(468, y, 78, 24, Math.PI / 2 + 0.09, Math.PI / 2 + 2 * Math.PI - 0.09)}" fill="none" stroke="${i === 2 ? accent : ringStroke}" stroke-width="${i === 2 ? 9 : 6}" stroke-linecap="round"/>`;
  }
  const groove = (y: number) => `M150,${y}Q250,${y + 9} 350,${y}`;
  return (
    `<path d="M150,128Q150,104 174,101Q250,86 326,101Q350,104 350,128V232L342,334Q250,352 158,334L150,232Z" fill="${alloy}" stroke="#5f6873" stroke-width="2.5"/>` +
    `<path d="M156,104Q250,82 344,104" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.7"/>` +
    `<path d="${groove(136)}${groove(156)}${groove(176)}" fill="none" stroke="#3b434c" stroke-width="6"/>` +
    `<path d="${groove(197)}" fill="none" stroke="#5f6873" stroke-width="2"/>` +
    `<ellipse cx="250" cy="262" rx="38" ry="42" fill="#cfd5db" stroke="#6c7581" stroke-width="2.5"/>` +
    `<ellipse cx="250" cy="262" rx="19" ry="21" fill="${HOLE}"/>` +
    `<path d="M${n(228)},262a22,24 0 0 1 44,0" fill="none" stroke="${shade(accent, 0.2)}" stroke-width="3"/>` +
    rings +
    `<rect x="330" y="318" width="190" height="36" rx="18" fill="${steelY(d)}" stroke="#5a6470" stroke-width="2"/>` +
    `<ellipse cx="502" cy="336" rx="11" ry="16" fill="#8e99a5" stroke="#5a6470" stroke-width="2"/><ellipse cx="502" cy="336" rx="6" ry="9" fill="${HOLE}"/>` +
    `<path d="${arcPath(400, 396, 18, 8, 0.6, 5.7)}${arcPath(450, 398, 18, 8, 0.6, 5.7)}" fill="none" stroke="#8792a0" stroke-width="4" stroke-linecap="round"/>`
  );
};

const valveShape = (d: Defs, accent: string, headRadius: number, exhaust: boolean): string => {
  const stem = steelY(d);
  const head = exhaust
    ? d.linear([[0, tint(accent, 0.5)], [0.5, accent], [1, shade(accent, 0.55)]])
    : d.linear([[0, '#f3f5f7'], [0.5, '#b7c0c9'], [1, '#66717d']]);
  const r = headRadius;
  return (
    `<rect x="-190" y="-7" width="320" height="14" rx="5" fill="${stem}" stroke="#58626d" stroke-width="1.5"/>` +
    `<path d="M-176,-7v14M-168,-7v14" stroke="#3d4550" stroke-width="3"/>` +
    `<path d="M110,-7C150,-9 164,${-r + 12} 178,${-r}L196,${-r}L202,${-r + 8}V${r - 8}L196,${r}L178,${r}C164,${r - 12} 150,9 110,7Z" fill="${head}" stroke="#4f5863" stroke-width="2"/>` +
    `<path d="M178,${-r}L196,${-r}L196,${r}L178,${r}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`
  );
};

const valve: Draw = (d, accent, variant) => {
  const exhaust = variant === 1;
  let coils = '';
  for (let i = 0; i < 9; i++) coils += ellipsePath(104, 350 - i * 14, 40, 9);
  return (
    `<path d="${coils}" fill="none" stroke="#3e4650" stroke-width="8" transform="translate(2,3)"/>` +
    `<path d="${coils}" fill="none" stroke="${steelDiagonal(d)}" stroke-width="6"/>` +
    `<ellipse cx="104" cy="350" rx="46" ry="12" fill="none" stroke="${accent}" stroke-width="6"/>` +
    place(330, 160, -18, 1, valveShape(d, accent, exhaust ? 40 : 48, exhaust)) +
    place(356, 268, -18, 0.92, valveShape(d, accent, exhaust ? 40 : 48, exhaust))
  );
};

const gasket: Draw = (d, accent) => {
  let outline = roundedRectPath(-190, -128, 380, 256, 56) + circlePath(-20, 0, 90);
  outline += roundedRectPath(118, -52, 40, 104, 20);
  for (const [x, y] of [[-142, -88], [102, -88], [-142, 88], [102, 88]] as const) outline += circlePath(x, y, 12);
  for (const [x, y] of [[-170, 0], [40, -104], [-80, 106]] as const) outline += circlePath(x, y, 7);
  const layer = (fill: string, stroke: string, offset: number) =>
    `<path d="${outline}" fill="${fill}" fill-rule="evenodd" stroke="${stroke}" stroke-width="2" transform="translate(${offset},${offset})"/>`;
  let beads = circlePath(-20, 0, 101);
  for (const [x, y] of [[-142, -88], [102, -88], [-142, 88], [102, 88]] as const) beads += circlePath(x, y, 20);
  return (
    `<g transform="translate(300,222) rotate(-9) scale(1,0.86)">` +
    layer(accentDiagonal(d, accent), shade(accent, 0.5), 18) +
    layer(steelDiagonal(d), '#5c6774', 0) +
    `<path d="${beads}" fill="none" stroke="#6f7b87" stroke-width="5"/>` +
    `<path d="${beads}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2" transform="translate(-1.5,-1.5)"/>` +
    `<circle cx="-20" cy="0" r="92" fill="none" stroke="${shade(accent, 0.2)}" stroke-width="5"/>` +
    `</g>`
  );
};

/** Sealing washers, a pile of flat aluminium rings seen at a slant, the hole sized by `variant` (0 for M12, 1 for M14). */
const washer: Draw = (d, accent, variant) => {
  const hole = variant === 1 ? 0.66 : 0.6;
  const ellipse = (cx: number, cy: number, rx: number, ry: number) => `M${n(cx - rx)},${n(cy)}a${n(rx)},${n(ry)} 0 1,0 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1,0 ${n(-2 * rx)},0Z`;
  const ring = (cx: number, cy: number, r: number) => {
    const ry = r * 0.62;
    const edge = r * 0.1;
    return (
      // The ring's edge below, then its face; the hole shows what lies beneath.
      `<path d="${ellipse(cx, cy + edge, r, ry)}${ellipse(cx, cy + edge, r * hole, ry * hole)}" fill="#7d8894" fill-rule="evenodd"/>` +
      `<path d="${ellipse(cx, cy, r, ry)}${ellipse(cx, cy, r * hole, ry * hole)}" fill="${steelDiagonal(d)}" fill-rule="evenodd" stroke="#5c6774" stroke-width="2"/>` +
      `<path d="M${n(cx - r * hole)},${n(cy)}a${n(r * hole)},${n(ry * hole)} 0 0,1 ${n(2 * r * hole)},0v${n(edge)}a${n(r * hole)},${n(ry * hole)} 0 0,0 ${n(-2 * r * hole)},0Z" fill="#6b7682"/>` +
      `<path d="${ellipse(cx, cy, r * hole, ry * hole)}" fill="none" stroke="${shade(accent, 0.35)}" stroke-width="3"/>` +
      `<path d="${ellipse(cx, cy, r * ((1 + hole) / 2), ry * ((1 + hole) / 2))}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>`
    );
  };
  return ring(372, 150, 84) + ring(212, 262, 118) + ring(402, 300, 96);
};

const bearingShape = (d: Defs, accent: string, cx: number, cy: number, r: number, kind: 'sealed' | 'balls' | 'rollers' | 'cup'): string => {
  const race = steelDiagonal(d);
  const outerInner = r * 0.78;
  const innerOuter = r * 0.48;
  const bore = r * 0.3;
  let middle = '';
  if (kind === 'sealed') {
    middle =
      `<path d="${circlePath(cx, cy, outerInner)}${circlePath(cx, cy, innerOuter)}" fill="${rubber(d)}" fill-rule="evenodd"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${n((outerInner + innerOuter) / 2)}" fill="none" stroke="${accent}" stroke-width="${n(r * 0.1)}"/>`;
  } else if (kind === 'balls') {
    const ballRadius = (outerInner - innerOuter) * 0.42;
    const pitch = (outerInner + innerOuter) / 2;
    middle = `<path d="${circlePath(cx, cy, outerInner)}${circlePath(cx, cy, innerOuter)}" fill="#3a424b" fill-rule="evenodd"/>`;
    const ball = d.radial([[0, '#ffffff'], [0.5, '#c2cad2'], [1, '#5d6874']], 0.35, 0.35, 0.7);
    for (let i = 0; i < 10; i++) {
      const [x, y] = polar(cx, cy, pitch, (i / 10) * Math.PI * 2);
      middle += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(ballRadius)}" fill="${ball}"/>`;
    }
    middle += `<circle cx="${cx}" cy="${cy}" r="${n(pitch)}" fill="none" stroke="#c9a44f" stroke-width="${n(r * 0.035)}"/>`;
  } else if (kind === 'rollers') {
    middle = `<path d="${circlePath(cx, cy, outerInner)}${circlePath(cx, cy, innerOuter)}" fill="${shade(accent, 0.4)}" fill-rule="evenodd"/>`;
    const roller = steelX(d);
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      const points: Point[] = [
        polar(cx, cy, outerInner - 3, a - 0.13),
        polar(cx, cy, outerInner - 3, a + 0.13),
        polar(cx, cy, innerOuter + 3, a + 0.09),
        polar(cx, cy, innerOuter + 3, a - 0.09),
      ];
      middle += `<path d="${polyline(points)}" fill="${roller}" stroke="#4a535d" stroke-width="1.5"/>`;
    }
  }
  if (kind === 'cup') {
    const cone = d.radial([[0.55, '#5f6a76'], [0.8, '#c5ccd4'], [1, '#eef1f4']]);
    return (
      `<circle cx="${cx + 6}" cy="${cy + 8}" r="${r}" fill="#46505a"/>` +
      `<path d="${circlePath(cx, cy, r)}${circlePath(cx, cy, r * 0.62)}" fill="${cone}" fill-rule="evenodd" stroke="#56606b" stroke-width="2"/>`
    );
  }
  return (
    `<circle cx="${cx + 6}" cy="${cy + 8}" r="${r}" fill="#46505a"/>` +
    `<path d="${circlePath(cx, cy, r)}${circlePath(cx, cy, outerInner)}" fill="${race}" fill-rule="evenodd" stroke="#56606b" stroke-width="2"/>` +
    middle +
    `<path d="${circlePath(cx, cy, innerOuter)}${circlePath(cx, cy, bore)}" fill="${race}" fill-rule="evenodd" stroke="#56606b" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(bore)}" fill="${HOLE}"/>`
  );
};

const bearing: Draw = (d, accent, variant) =>
  variant === 1
    ? bearingShape(d, accent, 438, 262, 100, 'cup') + bearingShape(d, accent, 242, 205, 142, 'rollers')
    : bearingShape(d, accent, 440, 260, 104, 'balls') + bearingShape(d, accent, 240, 205, 142, 'sealed');

const hose: Draw = (d, accent) => {
  const tube = (p: readonly [Point, Point, Point, Point], width: number) => {
    const path = `M${p[0][0]},${p[0][1]}C${p[1][0]},${p[1][1]} ${p[2][0]},${p[2][1]} ${p[3][0]},${p[3][1]}`;
    const clamp = (at: Point, toward: Point) => {
      const angle = degrees(at, toward);
      const rad = (angle * Math.PI) / 180;
      const x = at[0] + Math.cos(rad) * 16;
      const y = at[1] + Math.sin(rad) * 16;
      return (
        `<rect x="-7" y="${n(-width / 2 - 5)}" width="14" height="${n(width + 10)}" rx="3" fill="${steelX(d)}" stroke="#55606b" stroke-width="2" transform="translate(${n(x)},${n(y)}) rotate(${n(angle)})"/>` +
        `<rect x="-5" y="${n(-width / 2 - 16)}" width="10" height="13" rx="2" fill="#8a95a1" stroke="#55606b" stroke-width="1.5" transform="translate(${n(x)},${n(y)}) rotate(${n(angle)})"/>`
      );
    };
    return (
      `<path d="${path}" fill="none" stroke="${shade(accent, 0.5)}" stroke-width="${width + 5}"/>` +
      `<path d="${path}" fill="none" stroke="${accent}" stroke-width="${width}"/>` +
      `<path d="${path}" fill="none" stroke="${tint(accent, 0.45)}" stroke-opacity="0.8" stroke-width="${n(width * 0.22)}" transform="translate(${n(-width * 0.16)},${n(-width * 0.2)})"/>` +
      `<path d="${path}" fill="none" stroke="${shade(accent, 0.3)}" stroke-opacity="0.5" stroke-width="${n(width * 0.18)}" transform="translate(${n(width * 0.2)},${n(width * 0.22)})"/>` +
      clamp(p[0], p[1]) +
      clamp(p[3], p[2])
    );
  };
  return (
    tube([[380, 84], [380, 230], [420, 262], [545, 262]], 40) +
    tube([[66, 130], [230, 130], [170, 330], [330, 330]], 48) +
    tube([[360, 360], [420, 330], [480, 388], [548, 356]], 32)
  );
};

const bottle: Draw = (d, accent, variant) => {
  const labelIcon = (cx: number, cy: number) =>
    `<path d="M${cx},${cy - 22}c0,0 -15,20 -15,31a15,15 0 0 0 30,0c0,-11 -15,-31 -15,-31Z" fill="${accent}"/>` +
    `<path d="M${cx + 32},${cy - 8}h52M${cx + 32},${cy + 8}h38M${cx + 32},${cy + 24}h46" stroke="#9aa4ae" stroke-width="7" stroke-linecap="round"/>`;
  if (variant === 1) {
    const plastic = d.linear([[0, '#c8ced6'], [0.3, '#ffffff'], [0.7, '#eef1f4'], [1, '#a9b2bc']], 0, 0, 1, 0);
    const fluid = d.linear([[0, shade(accent, 0.3)], [0.4, tint(accent, 0.25)], [1, shade(accent, 0.4)]], 0, 0, 1, 0);
    return (
      `<path d="M232,392V178Q232,146 272,134V120H328V134Q368,146 368,178V392Q368,404 356,404H244Q232,404 232,392Z" fill="${plastic}" stroke="#8793a0" stroke-width="2.5"/>` +
      `<path d="M240,392V236H360V392Q360,398 352,398H248Q240,398 240,392Z" fill="${fluid}" opacity="0.55"/>` +
      `<rect x="262" y="78" width="76" height="48" rx="8" fill="${d.linear([[0, '#3a4048'], [0.5, '#5b636d'], [1, '#22272d']], 0, 0, 1, 0)}"/>` +
      `<path d="M272,82v40M286,82v40M300,82v40M314,82v40M328,82v40" stroke="#1a1e23" stroke-width="2" opacity="0.6"/>` +
      `<rect x="232" y="250" width="136" height="108" fill="${accent}"/>` +
      `<rect x="246" y="264" width="108" height="80" rx="8" fill="#ffffff"/>` +
      place(272, 304, 0, 0.72, labelIcon(0, 0)) +
      `<path d="M246,160V380" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`
    );
  }
  const body = d.linear([[0, shade(accent, 0.4)], [0.25, accent], [0.5, tint(accent, 0.25)], [0.8, accent], [1, shade(accent, 0.45)]], 0, 0, 1, 0);
  const jug =
    'M200,388V172Q200,140 232,128L240,118H290L298,128H370Q404,130 404,170V388Q404,402 390,402H214Q200,402 200,388Z' +
    roundedRectPath(322, 146, 50, 58, 18);
  return (
    `<path d="${jug}" fill="${body}" fill-rule="evenodd" stroke="${shade(accent, 0.5)}" stroke-width="2.5"/>` +
    `<rect x="236" y="70" width="62" height="52" rx="8" fill="${d.linear([[0, '#3a4048'], [0.5, '#606973'], [1, '#1f242a']], 0, 0, 1, 0)}"/>` +
    `<path d="M246,74v44M258,74v44M270,74v44M282,74v44" stroke="#14181c" stroke-width="2" opacity="0.6"/>` +
    `<rect x="222" y="232" width="160" height="128" rx="12" fill="#ffffff"/>` +
    `<rect x="222" y="232" width="160" height="22" rx="10" fill="${shade(accent, 0.25)}"/>` +
    labelIcon(262, 304) +
    `<path d="M214,176V374" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.35"/>`
  );
};

const thermostat: Draw = (d, accent) => {
  const brass = d.linear([[0, '#f6e3a4'], [0.45, '#d7ad4f'], [1, '#8d6a22']], 0, 0, 1, 1);
  const copper = d.linear([[0, '#a8552e'], [0.45, '#f0a77a'], [1, '#8a3f1d']], 0, 0, 1, 0);
  let coils = '';
  for (let i = 0; i < 6; i++) coils += ellipsePath(300, 268 + i * 15, 62, 13);
  return (
    `<path d="M248,240V360H352V240" fill="none" stroke="${brass}" stroke-width="10"/>` +
    `<ellipse cx="300" cy="360" rx="60" ry="10" fill="${brass}"/>` +
    `<rect x="284" y="300" width="32" height="92" rx="12" fill="${copper}" stroke="#6f3416" stroke-width="2"/>` +
    `<path d="${coils}" fill="none" stroke="#3f4650" stroke-width="8" transform="translate(2,3)"/>` +
    `<path d="${coils}" fill="none" stroke="${steelDiagonal(d)}" stroke-width="6"/>` +
    `<ellipse cx="300" cy="256" rx="86" ry="22" fill="${brass}" stroke="#7a5a1b" stroke-width="2"/>` +
    `<ellipse cx="300" cy="232" rx="134" ry="40" fill="#7a5a1b"/>` +
    `<ellipse cx="300" cy="224" rx="134" ry="40" fill="${brass}" stroke="#7a5a1b" stroke-width="2"/>` +
    `<ellipse cx="300" cy="224" rx="134" ry="40" fill="none" stroke="${accent}" stroke-width="12"/>` +
    `<ellipse cx="300" cy="222" rx="66" ry="18" fill="${HOLE}"/>` +
    `<path d="M236,222C236,150 262,112 300,112C338,112 364,150 364,222" fill="none" stroke="#7a5a1b" stroke-width="18"/>` +
    `<path d="M236,222C236,150 262,112 300,112C338,112 364,150 364,222" fill="none" stroke="${brass}" stroke-width="13"/>` +
    `<rect x="292" y="112" width="16" height="116" rx="4" fill="${steelX(d)}" stroke="#56606b" stroke-width="1.5"/>` +
    `<circle cx="378" cy="208" r="7" fill="${steelDiagonal(d)}" stroke="#56606b" stroke-width="1.5"/>`
  );
};

const sealRing = (cx: number, cy: number, rx: number, ry: number, innerRx: number, innerRy: number, height: number, top: string, side: string): string =>
  `<path d="M${cx - rx},${cy}A${rx},${ry} 0 0 0 ${cx + rx},${cy}V${cy + height}A${rx},${ry} 0 0 1 ${cx - rx},${cy + height}Z" fill="${side}"/>` +
  `<path d="${ellipsePath(cx, cy, rx, ry)}${ellipsePath(cx, cy, innerRx, innerRy)}" fill="${top}" fill-rule="evenodd"/>`;

const forkSeal: Draw = (d, accent) => {
  const bore = d.linear([[0, '#0e1114'], [1, '#4a525c']]);
  const metalSide = steelX(d);
  const dust = (cx: number, cy: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="92" ry="36" fill="${bore}"/>` +
    sealRing(cx, cy, 124, 48, 92, 36, 44, accentDiagonal(d, accent), accentX(d, accent)) +
    `<path d="${arcPath(cx, cy + 14, 124, 48, 0, Math.PI)}${arcPath(cx, cy + 28, 124, 48, 0, Math.PI)}" fill="none" stroke="${shade(accent, 0.45)}" stroke-width="3"/>` +
    `<path d="${ellipsePath(cx, cy, 106, 42)}" fill="none" stroke="${tint(accent, 0.35)}" stroke-width="3"/>`;
  const oil = (cx: number, cy: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="100" ry="38" fill="${bore}"/>` +
    sealRing(cx, cy, 138, 52, 100, 38, 34, rubber(d), metalSide) +
    `<path d="${ellipsePath(cx, cy + 1, 104, 40)}" fill="none" stroke="#d9dee3" stroke-width="5" stroke-dasharray="4 3"/>` +
    `<path d="${ellipsePath(cx, cy, 128, 48)}" fill="none" stroke="#5a626c" stroke-width="2"/>`;
  return dust(384, 160) + oil(236, 262);
};

const battery: Draw = (d, accent) => {
  const front = d.linear([[0, '#3a4049'], [1, '#20252b']]);
  const top = d.linear([[0, '#59616b'], [1, '#3d444c']], 0, 0, 1, 1);
  const terminal = (x: number, y: number, color: string) =>
    `<rect x="${x - 16}" y="${y - 12}" width="32" height="24" rx="4" fill="${color}" stroke="#1a1e22" stroke-width="2"/>` +
    `<ellipse cx="${x}" cy="${y - 12}" rx="16" ry="6" fill="${tint(color, 0.35)}"/>` +
    `<circle cx="${x}" cy="${y - 13}" r="5" fill="#cfd6dc" stroke="#56606b" stroke-width="1.5"/>`;
  return (
    `<path d="M172,170L236,118H470L406,170Z" fill="${top}" stroke="#1a1e22" stroke-width="2"/>` +
    `<path d="M406,170L470,118V318L406,370Z" fill="#1b1f24" stroke="#111418" stroke-width="2"/>` +
    `<rect x="172" y="170" width="234" height="200" fill="${front}" stroke="#111418" stroke-width="2"/>` +
    `<path d="M220,150L244,130H420L396,150Z" fill="#4a525c"/>` +
    `<ellipse cx="300" cy="140" rx="10" ry="4" fill="#2b3138"/><ellipse cx="334" cy="140" rx="10" ry="4" fill="#2b3138"/><ellipse cx="368" cy="140" rx="10" ry="4" fill="#2b3138"/>` +
    terminal(214, 150, '#c0392b') +
    terminal(430, 138, '#3b4450') +
    `<path d="M190,194h16M198,186v16M382,194h16" stroke="#e6e9ec" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="172" y="214" width="234" height="74" fill="${accentX(d, accent)}"/>` +
    `<path d="M284,224L258,258H282L270,280L308,242H284L298,224Z" fill="#ffffff"/>` +
    `<path d="M324,238h60M324,252h44M324,266h52" stroke="#ffffff" stroke-opacity="0.75" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M186,308h92M186,326h64" stroke="#6b737d" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M406,170L470,118" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`
  );
};

const leverShape = (d: Defs, accent: string): string => {
  const blade = accentDiagonal(d, accent);
  let dimples = '';
  for (let i = 0; i < 5; i++) dimples += `<ellipse cx="${120 + i * 34}" cy="${-2 + i * 0.8}" rx="11" ry="5"/>`;
  let notches = '';
  for (let i = 0; i < 6; i++) {
    const [x, y] = polar(-26, 30, 14, (i / 6) * Math.PI * 2);
    notches += `<circle cx="${n(x)}" cy="${n(y)}" r="2.6"/>`;
  }
  return (
    `<path d="M-34,-10Q-34,-34 -8,-34H14Q36,-34 40,-16L40,16Q36,30 14,30H-8Q-34,30 -34,8Z" fill="${blade}" stroke="${shade(accent, 0.55)}" stroke-width="2"/>` +
    `<path d="M30,-16C130,-30 270,-26 380,-8Q398,0 380,10C270,20 130,22 30,20Z" fill="${blade}" stroke="${shade(accent, 0.55)}" stroke-width="2"/>` +
    `<path d="M40,-12C140,-24 270,-20 372,-5" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="3"/>` +
    `<path d="M240,-22V18" stroke="${shade(accent, 0.6)}" stroke-width="3"/>` +
    `<circle cx="240" cy="-2" r="6" fill="#cfd6dc" stroke="#56606b" stroke-width="1.5"/>` +
    `<g fill="${shade(accent, 0.35)}" opacity="0.8">${dimples}</g>` +
    `<circle cx="4" cy="-2" r="10" fill="${HOLE}"/>` +
    `<circle cx="-26" cy="30" r="17" fill="#2f353c" stroke="#15181b" stroke-width="2"/>` +
    `<g fill="${tint(accent, 0.2)}">${notches}</g>` +
    `<circle cx="-26" cy="30" r="5" fill="#cfd6dc"/>`
  );
};

const lever: Draw = (d, accent) =>
  place(118, 168, 10, 1, leverShape(d, accent)) + place(148, 290, -5, 1, `<g transform="scale(1,-1)">${leverShape(d, accent)}</g>`);

const mirrorShape = (d: Defs, accent: string, flip: boolean): string => {
  const glass = d.linear([[0, '#eaf4fb'], [0.45, '#9ec3dc'], [0.55, '#c9e0ee'], [1, '#5e88a6']], 0, 0, 1, 1);
  const arm = accentX(d, accent);
  const clip = d.clip('<circle cx="0" cy="0" r="72"/>');
  return (
    `<g${flip ? ' transform="scale(-1,1)"' : ''}>` +
    `<path d="M40,60C80,110 110,130 126,176" fill="none" stroke="${shade(accent, 0.5)}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M40,60C80,110 110,130 126,176" fill="none" stroke="${arm}" stroke-width="16" stroke-linecap="round"/>` +
    `<rect x="100" y="170" width="56" height="40" rx="12" fill="${steelY(d)}" stroke="#4d5762" stroke-width="2" transform="rotate(62 128 190)"/>` +
    `<path d="M118,178l22,18M112,188l22,18M124,168l22,18" stroke="#4d5762" stroke-width="2" opacity="0.7"/>` +
    `<circle r="84" fill="${shade(accent, 0.55)}" transform="translate(4,6)"/>` +
    `<circle r="84" fill="${accentDiagonal(d, accent)}"/>` +
    `<circle r="72" fill="${glass}"/>` +
    `<g clip-path="${clip}"><path d="M-90,-20L-20,-90L0,-90L-90,0Z" fill="#ffffff" opacity="0.55"/><path d="M-60,40L40,-60L52,-48L-48,52Z" fill="#ffffff" opacity="0.3"/></g>` +
    `</g>`
  );
};

const mirror: Draw = (d, accent) =>
  place(150, 136, -6, 1, mirrorShape(d, accent, false)) + place(456, 150, 6, 0.94, mirrorShape(d, accent, true));

const spray: Draw = (d, accent, _variant, rand) => {
  let mist = '';
  for (let i = 0; i < 34; i++) {
    const t = rand();
    const spread = (rand() - 0.5) * (20 + t * 120);
    const x = 250 - t * 200;
    const y = 96 - t * 40 + spread;
    mist += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(2 + t * 5)}" opacity="${n(0.75 - t * 0.5)}"/>`;
  }
  const body = accentX(d, accent);
  return (
    `<g fill="${tint(accent, 0.55)}">${mist}</g>` +
    `<ellipse cx="300" cy="384" rx="68" ry="16" fill="${shade(accent, 0.45)}"/>` +
    `<rect x="232" y="160" width="136" height="226" fill="${body}"/>` +
    `<path d="M232,162Q234,124 282,114H318Q366,124 368,162Z" fill="${steelX(d)}" stroke="#59636e" stroke-width="2"/>` +
    `<ellipse cx="300" cy="114" rx="24" ry="7" fill="#b7c0c9" stroke="#59636e" stroke-width="2"/>` +
    `<rect x="280" y="80" width="40" height="34" rx="8" fill="${d.linear([[0, '#3a4048'], [0.5, '#5f6873'], [1, '#1f242a']], 0, 0, 1, 0)}"/>` +
    `<rect x="262" y="88" width="22" height="7" rx="3" fill="#1f242a"/>` +
    `<path d="M366,170V330" stroke="#e94f37" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="232" y="216" width="136" height="112" fill="#ffffff"/>` +
    `<g fill="none" stroke="${accent}" stroke-width="7"><rect x="254" y="246" width="46" height="24" rx="12"/><rect x="282" y="262" width="46" height="24" rx="12"/></g>` +
    `<path d="M252,306h56M252,316h36" stroke="#9aa4ae" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M246,170V376" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.4"/>`
  );
};

const drawings: Record<PartVisual, Draw> = {
  'brake-pad': brakePad,
  disc,
  chain,
  sprocket,
  'chain-kit': chainKit,
  'spark-plug': sparkPlug,
  'oil-filter': oilFilter,
  'air-filter': airFilter,
  'fuel-filter': fuelFilter,
  clutch,
  cable,
  piston,
  valve,
  gasket,
  washer,
  bearing,
  hose,
  bottle,
  thermostat,
  'fork-seal': forkSeal,
  battery,
  lever,
  mirror,
  spray,
};

/** The part alone, in the 600 x 450 frame, for composing scenes of several parts. */
export function drawPart(d: Defs, art: PartArt): string {
  const draw = drawings[art.visual];
  return draw(d, art.accent, art.variant ?? 0, random(`${art.visual}:${art.accent}:${art.variant ?? 0}`));
}

export function productSvg(art: PartArt): string {
  const { width, height } = PRODUCT_IMAGE;
  const d = new Defs('p');
  const backdrop = d.linear([[0, tint(art.accent, 0.93)], [1, tint(art.accent, 0.78)]]);
  const glow = d.radial([[0, '#ffffff', 0.95], [1, '#ffffff', 0]], 0.5, 0.5, 0.5);
  const soft = d.blur(12);
  const accentShape = tint(art.accent, 0.6);
  const body =
    `<rect width="${width}" height="${height}" fill="${backdrop}"/>` +
    `<circle cx="520" cy="60" r="150" fill="${accentShape}" opacity="0.35"/>` +
    `<circle cx="70" cy="420" r="120" fill="${accentShape}" opacity="0.25"/>` +
    `<ellipse cx="290" cy="200" rx="300" ry="220" fill="${glow}"/>` +
    `<ellipse cx="300" cy="398" rx="220" ry="20" fill="${shade(art.accent, 0.6)}" opacity="0.28" filter="${soft}"/>` +
    drawPart(d, art);
  return svgDocument(width, height, d, body);
}

// ---------------------------------------------------------------------------------------------
// Avatars: a rider in a helmet or a face with hair, on a coloured ground.

const SKIN = ['#f2d0b5', '#e0ac86', '#c68a62', '#9a6441', '#6e4529'];
const HAIR = ['#2b1d14', '#5a3a22', '#a8743a', '#d9b26a', '#3b3b3b', '#8c3b2a'];
const VISOR = ['#1e2a38', '#2d1f3d', '#10304a'];

export function avatarSvg(seed: string, color: string): string {
  const rand = random(`avatar:${seed}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const { width, height } = AVATAR_IMAGE;
  const d = new Defs('a');
  const ground = d.linear([[0, tint(color, 0.25)], [1, shade(color, 0.25)]], 0, 0, 1, 1);
  const jacket = rand() < 0.5 ? shade(color, 0.55) : pick(['#263238', '#37474f', '#4e342e', '#1a237e']);
  let body =
    `<rect width="${width}" height="${height}" fill="${ground}"/>` +
    `<circle cx="128" cy="26" r="46" fill="#ffffff" opacity="0.12"/>` +
    `<path d="M18,160C22,122 48,106 80,106C112,106 138,122 142,160Z" fill="${jacket}"/>` +
    `<path d="M68,108L80,132L92,108" fill="none" stroke="${tint(color, 0.3)}" stroke-width="4"/>`;
  if (rand() < 0.5) {
    const shell = d.linear([[0, tint(color, 0.55)], [0.6, tint(color, 0.1)], [1, shade(color, 0.3)]], 0, 0, 1, 1);
    body +=
      `<path d="M40,76C40,44 58,24 82,24C108,24 124,46 124,74V96Q124,110 110,112H52Q40,110 40,98Z" fill="${shell}" stroke="${shade(color, 0.55)}" stroke-width="2.5"/>` +
      `<path d="M52,62Q56,50 70,50H116Q122,50 122,58V78Q122,86 114,86H62Q52,86 52,76Z" fill="${pick(VISOR)}"/>` +
      `<path d="M62,58H92" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M58,28Q82,18 106,30" fill="none" stroke="${pick(['#ffffff', '#ffd54f', '#263238'])}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`;
  } else {
    const skin = pick(SKIN);
    const hair = pick(HAIR);
    const long = rand() < 0.4;
    body +=
      (long ? `<path d="M46,70C42,40 62,26 80,26C102,26 118,40 114,72L118,118H42Z" fill="${hair}"/>` : '') +
      `<rect x="70" y="88" width="20" height="22" rx="6" fill="${shade(skin, 0.12)}"/>` +
      `<ellipse cx="80" cy="66" rx="28" ry="32" fill="${skin}"/>` +
      `<path d="M50,62C48,38 64,30 80,30C98,30 112,38 110,62C104,48 92,44 80,46C68,44 58,50 50,62Z" fill="${hair}"/>` +
      `<circle cx="70" cy="68" r="3" fill="#2b2b2b"/><circle cx="90" cy="68" r="3" fill="#2b2b2b"/>` +
      `<path d="M71,82Q80,89 89,82" fill="none" stroke="${shade(skin, 0.45)}" stroke-width="3" stroke-linecap="round"/>`;
  }
  return svgDocument(width, height, d, body);
}

/** Rasterises an SVG at the given size; WebP keeps the seeded catalogue small. */
export async function renderWebp(svg: string, width: number, height: number, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, height).webp({ quality }).toBuffer();
}
