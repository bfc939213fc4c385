/**
 * Draws the web app's fixed artwork (home carousel, not-found picture, logo, favicon) into
 * apps/web/public. The outputs are committed; run again only when the drawings change:
 *   npx tsx apps/server/src/db/seed/make-web-images.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  Defs,
  type PartArt,
  circlePath,
  drawPart,
  gearPath,
  n,
  polar,
  polyline,
  random,
  renderWebp,
  roundedRectPath,
  shade,
  svgDocument,
  tint,
} from './illustrations.js';

type Point = readonly [number, number];

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');
const BRAND = '#f97316';

/** A catalogue drawing with its floor line at (x, y), for standing parts on a surface. */
const partOnFloor = (d: Defs, art: PartArt, x: number, y: number, scale: number): string =>
  `<g transform="translate(${x},${y}) scale(${scale}) translate(-300,-392)">${drawPart(d, art)}</g>`;

/** A catalogue drawing centred on (x, y), for flat-lays. */
const partCentred = (d: Defs, art: PartArt, x: number, y: number, scale: number, rotate = 0): string =>
  `<g transform="translate(${x},${y}) rotate(${rotate}) scale(${scale}) translate(-300,-225)">${drawPart(d, art)}</g>`;

/** Side view of a naked road bike; rear axle at the origin, front axle at (380, 0), wheels of radius 80. */
function motorbike(d: Defs, accent: string): string {
  const metal = d.linear([[0, '#d9dee4'], [0.5, '#8f9aa6'], [1, '#4b5560']]);
  const tank = d.linear([[0, tint(accent, 0.35)], [0.5, accent], [1, shade(accent, 0.55)]]);
  const wheel = (cx: number, withDisc: boolean) => {
    let spokes = '';
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      const [x1, y1] = polar(cx, 0, 14, a - 0.12);
      const [x2, y2] = polar(cx, 0, 60, a - 0.05);
      const [x3, y3] = polar(cx, 0, 14, a + 0.12);
      const [x4, y4] = polar(cx, 0, 60, a + 0.05);
      spokes += `M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}M${n(x3)},${n(y3)}L${n(x4)},${n(y4)}`;
    }
    return (
      `<circle cx="${cx}" cy="0" r="71" fill="none" stroke="#0b0d12" stroke-width="19"/>` +
      `<circle cx="${cx}" cy="0" r="80" fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2"/>` +
      (withDisc
        ? `<circle cx="${cx}" cy="0" r="42" fill="${metal}" opacity="0.9"/><circle cx="${cx}" cy="0" r="24" fill="#1c222a"/>`
        : `<path d="${gearPath(cx, 0, 36, 40, 36)}" fill="#3b434d"/>`) +
      `<path d="${spokes}" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="${cx}" cy="0" r="61" fill="none" stroke="${accent}" stroke-width="4"/>` +
      `<circle cx="${cx}" cy="0" r="13" fill="${metal}"/>`
    );
  };
  return (
    `<path d="M150,-72L0,-9L0,9L150,-48Z" fill="${metal}"/>` +
    wheel(0, false) +
    wheel(380, true) +
    `<path d="M325,-192L368,-6" stroke="#c9a227" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M318,-196L344,-90" stroke="${metal}" stroke-width="15" stroke-linecap="round"/>` +
    `<path d="${polyline(
      Array.from({ length: 13 }, (_, i) => polar(380, 0, 88, Math.PI * (1.12 + i * 0.048))),
      false,
    )}" fill="none" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M318,-190L150,-70" stroke="#39414b" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M118,-110L250,-124L276,-44L236,-8L142,-8L110,-52Z" fill="#262b33"/>` +
    `<path d="M198,-124L256,-164L292,-126L256,-98Z" fill="#30363f"/>` +
    `<path d="M214,-128L264,-150M222,-118L274,-140M230,-108L282,-130" stroke="#59626d" stroke-width="4"/>` +
    `<path d="M262,-100C292,-40 262,14 176,12L78,-22" fill="none" stroke="${metal}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M44,-66L132,-44" stroke="${metal}" stroke-width="24" stroke-linecap="round"/>` +
    `<circle cx="40" cy="-67" r="9" fill="#15181d"/>` +
    `<path d="M60,-146L150,-160L148,-136L72,-132Z" fill="#15181d"/>` +
    `<path d="M0,-176L72,-150L72,-132L28,-140Z" fill="${tank}"/>` +
    `<path d="M146,-168C186,-202 280,-206 312,-176L304,-128C262,-118 190,-118 148,-130Z" fill="${tank}"/>` +
    `<path d="M166,-178C210,-196 270,-196 296,-180" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M300,-214L336,-206M300,-214L286,-222" stroke="#15181d" stroke-width="7" stroke-linecap="round"/>` +
    `<circle cx="346" cy="-168" r="19" fill="#2b313a"/><circle cx="349" cy="-168" r="13" fill="#fff3c4"/>`
  );
}

function workshop(): string {
  const width = 1600;
  const height = 600;
  const d = new Defs('w');
  const rand = random('workshop');
  const wall = d.linear([[0, '#1c2532'], [1, '#111821']]);
  const board = d.linear([[0, '#2a3544'], [1, '#1f2834']]);
  const holes = d.pattern(32, 32, `<circle cx="16" cy="16" r="3.2" fill="#0d1218" opacity="0.7"/>`);
  const warm = d.radial([[0, '#ffc46b', 0.45], [0.45, '#ff9f43', 0.12], [1, '#ff9f43', 0]]);
  const wood = d.linear([[0, '#8a5d35'], [1, '#4f331d']]);
  const steel = d.linear([[0, '#5c6774'], [0.5, '#dce2e8'], [1, '#6b7784']], 0, 0, 1, 0);
  const notch = d.add(
    (id) =>
      `<mask id="${id}" maskUnits="userSpaceOnUse" x="-20" y="-20" width="40" height="140"><rect x="-20" y="-20" width="40" height="140" fill="#fff"/><rect x="-5.5" y="98" width="11" height="20" fill="#000"/><circle cx="0" cy="98" r="5.5" fill="#000"/></mask>`,
  );
  const wrench = (x: number, y: number, length: number) =>
    `<circle cx="${x}" cy="${y - 6}" r="5" fill="#0b0f14"/>` +
    `<g transform="translate(${x},${y}) scale(${length / 100})"><g mask="url(#${notch})" fill="${steel}">` +
    `<path d="${roundedRectPath(-5.5, 0, 11, 100, 5)}${circlePath(0, 0, 10.5)}${circlePath(0, 0, 5.5)}" fill-rule="evenodd"/>` +
    `<circle cx="0" cy="100" r="12.5"/></g></g>`;
  const screwdriver = (x: number, y: number, color: string) =>
    `<circle cx="${x}" cy="${y - 6}" r="5" fill="#0b0f14"/>` +
    `<rect x="${x - 11}" y="${y}" width="22" height="74" rx="9" fill="${color}"/>` +
    `<rect x="${x - 6}" y="${y + 6}" width="4" height="60" rx="2" fill="#ffffff" opacity="0.3"/>` +
    `<rect x="${x - 3.5}" y="${y + 74}" width="7" height="96" fill="${steel}"/>` +
    `<path d="M${x - 3.5},${y + 170}h7l-2,10h-3Z" fill="#9aa5b1"/>`;
  let tools = '';
  [120, 150, 178, 206, 232, 256].forEach((length, i) => {
    tools += wrench(110 + i * 42, 96, length);
  });
  ['#d64533', '#e0a526', '#2f74c9', '#2e9e6b'].forEach((color, i) => {
    tools += screwdriver(390 + i * 40, 96, color);
  });
  let wheelSpokes = '';
  for (let i = 0; i < 6; i++) {
    const [x, y] = polar(1330, 232, 88, (i / 6) * Math.PI * 2);
    wheelSpokes += `M1330,232L${n(x)},${n(y)}`;
  }
  let dust = '';
  for (let i = 0; i < 40; i++) {
    dust += `<circle cx="${n(560 + rand() * 480)}" cy="${n(60 + rand() * 340)}" r="${n(0.8 + rand() * 1.8)}"/>`;
  }
  const body =
    `<rect width="${width}" height="${height}" fill="${wall}"/>` +
    `<rect x="40" y="40" width="1520" height="372" rx="8" fill="${board}"/>` +
    `<rect x="40" y="40" width="1520" height="372" rx="8" fill="${holes}"/>` +
    tools +
    `<circle cx="1330" cy="120" r="6" fill="#0b0f14"/>` +
    `<circle cx="1330" cy="232" r="118" fill="none" stroke="#0c0f13" stroke-width="34"/>` +
    `<circle cx="1330" cy="232" r="96" fill="none" stroke="${BRAND}" stroke-width="6"/>` +
    `<path d="${wheelSpokes}" stroke="#7d8894" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="1330" cy="232" r="44" fill="#9aa5b1"/><circle cx="1330" cy="232" r="26" fill="#3a4450"/>` +
    `<circle cx="1330" cy="232" r="12" fill="#8a95a1"/>` +
    `<path d="${gearPath(1490, 120, 14, 66, 54)}${circlePath(1490, 120, 22)}" fill="#46515e" fill-rule="evenodd"/>` +
    `<path d="${gearPath(1500, 290, 10, 44, 35)}${circlePath(1500, 290, 14)}" fill="#3a4450" fill-rule="evenodd"/>` +
    `<ellipse cx="800" cy="150" rx="620" ry="380" fill="${warm}"/>` +
    `<g fill="#ffd9a0" opacity="0.35">${dust}</g>` +
    `<path d="M800,0V54" stroke="#0b0f14" stroke-width="4"/>` +
    `<path d="M760,92L778,52H822L840,92Z" fill="#2b333d"/><ellipse cx="800" cy="93" rx="24" ry="7" fill="#ffe2a8"/>` +
    partOnFloor(d, { visual: 'oil-filter', accent: '#c0392b' }, 180, 436, 0.42) +
    partOnFloor(d, { visual: 'spark-plug', accent: '#e07a2f' }, 420, 452, 0.36) +
    partOnFloor(d, { visual: 'piston', accent: '#e07a2f' }, 1160, 436, 0.42) +
    partOnFloor(d, { visual: 'bottle', accent: '#27a35a' }, 1320, 436, 0.4) +
    partOnFloor(d, { visual: 'spray', accent: '#8e44ad' }, 1450, 436, 0.4) +
    `<rect x="0" y="430" width="${width}" height="30" fill="${wood}"/>` +
    `<rect x="0" y="430" width="${width}" height="4" fill="#b58153" opacity="0.6"/>` +
    `<rect x="0" y="460" width="${width}" height="140" fill="#1a140f"/>` +
    [60, 440, 820, 1200]
      .map(
        (x) =>
          `<rect x="${x}" y="482" width="340" height="96" rx="6" fill="#241c15" stroke="#34291f" stroke-width="3"/><rect x="${x + 140}" y="522" width="60" height="10" rx="5" fill="#8a95a1"/>`,
      )
      .join('') +
    `<rect width="${width}" height="${height}" fill="${d.linear([[0, '#000000', 0.1], [1, '#000000', 0.45]])}"/>` +
    `<ellipse cx="800" cy="300" rx="520" ry="260" fill="${d.radial([[0, '#05080c', 0.5], [1, '#05080c', 0]])}"/>`;
  return svgDocument(width, height, d, body);
}

function sunsetRide(): string {
  const width = 1600;
  const height = 600;
  const d = new Defs('m');
  const rand = random('sunset');
  const sky = d.linear([[0, '#0b1326'], [0.55, '#3a2450'], [0.8, '#a2453f'], [1, '#e0783f']]);
  const sun = d.radial([[0, '#ffe3a3'], [0.6, '#ffb56b'], [1, '#f08a4b', 0]]);
  let stars = '';
  for (let i = 0; i < 70; i++) {
    stars += `<circle cx="${n(rand() * width)}" cy="${n(rand() * 220)}" r="${n(0.6 + rand() * 1.4)}" opacity="${n(0.3 + rand() * 0.6)}"/>`;
  }
  const ridge = (base: number, amplitude: number, step: number, seed: string): string => {
    const r = random(seed);
    const points: Point[] = [[0, height]];
    for (let x = 0; x <= width + step; x += step) points.push([x, base - r() * amplitude]);
    points.push([width, height]);
    return polyline(points);
  };
  const body =
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<g fill="#ffffff">${stars}</g>` +
    `<circle cx="640" cy="452" r="170" fill="${sun}"/>` +
    `<path d="${ridge(420, 120, 80, 'far')}" fill="#2a1f3f"/>` +
    `<path d="${ridge(470, 60, 120, 'near')}" fill="#1a1429"/>` +
    `<rect x="0" y="488" width="${width}" height="112" fill="#121019"/>` +
    `<rect x="0" y="488" width="${width}" height="3" fill="#e0783f" opacity="0.45"/>` +
    `<path d="M0,548H${width}" stroke="#f2dcb3" stroke-opacity="0.3" stroke-width="6" stroke-dasharray="80 60"/>` +
    `<ellipse cx="1150" cy="566" rx="300" ry="12" fill="#000000" opacity="0.45"/>` +
    `<g transform="translate(940,462) scale(1.22)">${motorbike(d, BRAND)}</g>` +
    `<rect width="${width}" height="${height}" fill="${d.linear([[0, '#05060c', 0.6], [0.55, '#05060c', 0.15], [1, '#05060c', 0]], 0, 0, 1, 0)}"/>`;
  return svgDocument(width, height, d, body);
}

function partsFlatLay(): string {
  const width = 1600;
  const height = 600;
  const d = new Defs('f');
  const ground = d.linear([[0, '#1a212b'], [1, '#0f141a']], 0, 0, 1, 1);
  const grid = d.pattern(40, 40, `<path d="M40,0H0V40" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="1"/>`);
  const shadow = d.blur(14);
  const laid = (art: PartArt, x: number, y: number, scale: number, rotate = 0) =>
    `<ellipse cx="${x + 10}" cy="${y + 16}" rx="${n(190 * scale)}" ry="${n(150 * scale)}" fill="#000000" opacity="0.45" filter="${shadow}"/>` +
    partCentred(d, art, x, y, scale, rotate);
  const body =
    `<rect width="${width}" height="${height}" fill="${ground}"/>` +
    `<rect width="${width}" height="${height}" fill="${grid}"/>` +
    laid({ visual: 'oil-filter', accent: '#c0392b' }, 90, 150, 0.62, -8) +
    laid({ visual: 'chain', accent: '#c9a227' }, 360, 70, 0.72, 6) +
    laid({ visual: 'sprocket', accent: '#3a9a5b' }, 200, 470, 0.78, 0) +
    laid({ visual: 'spark-plug', accent: '#e07a2f' }, 470, 330, 0.5, 12) +
    laid({ visual: 'bearing', accent: '#2f74c9' }, 620, 520, 0.5, 0) +
    laid({ visual: 'brake-pad', accent: '#d64533' }, 1110, 90, 0.6, -6) +
    laid({ visual: 'piston', accent: '#e07a2f' }, 1090, 470, 0.62, 0) +
    laid({ visual: 'disc', accent: BRAND }, 1450, 290, 1.05, 0) +
    `<ellipse cx="790" cy="300" rx="560" ry="300" fill="${d.radial([[0, '#06090d', 0.75], [0.7, '#06090d', 0.35], [1, '#06090d', 0]])}"/>` +
    `<rect width="${width}" height="${height}" fill="#06090d" opacity="0.2"/>`;
  return svgDocument(width, height, d, body);
}

/** A rider scratching their helmet; feet at the origin, about 175 units tall. */
function rider(jacket: string, helmet: string): string {
  return (
    `<rect x="-15" y="-66" width="13" height="62" rx="6" fill="#27364d"/><rect x="2" y="-66" width="13" height="62" rx="6" fill="#223044"/>` +
    `<rect x="-19" y="-10" width="19" height="11" rx="4" fill="#111419"/><rect x="1" y="-10" width="19" height="11" rx="4" fill="#111419"/>` +
    `<path d="M-21,-60V-112Q-21,-124 -8,-124H8Q21,-124 21,-112V-60Z" fill="${jacket}"/>` +
    `<path d="M-4,-124V-60" stroke="${shade(jacket, 0.35)}" stroke-width="3"/>` +
    `<path d="M-18,-116L-30,-72" stroke="${jacket}" stroke-width="12" stroke-linecap="round"/><circle cx="-31" cy="-68" r="7" fill="#111419"/>` +
    `<path d="M18,-116L38,-142L22,-160" fill="none" stroke="${jacket}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><circle cx="20" cy="-163" r="7" fill="#111419"/>` +
    `<circle cx="-2" cy="-150" r="25" fill="${helmet}"/>` +
    `<path d="M-24,-154Q-20,-166 -6,-166H14Q22,-166 22,-158V-148Q22,-142 16,-142H-14Q-24,-142 -24,-150Z" fill="#1c2836"/>` +
    `<path d="M-16,-160H0" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>`
  );
}

function lostRider(): string {
  const width = 800;
  const height = 600;
  const d = new Defs('n');
  const rand = random('lost');
  const sky = d.linear([[0, '#14213d'], [0.6, '#35577d'], [1, '#8fb3c9']]);
  const ravine = d.linear([[0, '#070b10'], [1, '#1d2a36']]);
  const asphalt = d.linear([[0, '#3b434d'], [1, '#2a3038']]);
  let stars = '';
  for (let i = 0; i < 36; i++) {
    stars += `<circle cx="${n(rand() * width)}" cy="${n(rand() * 170)}" r="${n(0.6 + rand() * 1.3)}" opacity="${n(0.35 + rand() * 0.5)}"/>`;
  }
  const roadLeft = (y: number) => 120 + ((600 - y) / 300) * (385 - 120);
  const roadRight = (y: number) => 680 - ((600 - y) / 300) * (680 - 415);
  const jagged = (y: number, from: number, to: number, depth: number, seed: string): Point[] => {
    const r = random(seed);
    const points: Point[] = [];
    for (let x = from; x <= to; x += 26) points.push([x, y + (r() - 0.5) * depth]);
    points.push([to, y]);
    return points;
  };
  const nearEdge = jagged(472, -10, 810, 22, 'near-edge');
  const farEdge = jagged(428, -10, 810, 16, 'far-edge');
  const ground = polyline([[-10, 300], [810, 300], ...[...farEdge].reverse()]);
  const nearGround = polyline([...nearEdge, [810, 610], [-10, 610]]);
  const farRoad = polyline([
    [385, 300],
    [415, 300],
    [roadRight(428), 428],
    [roadLeft(428), 428],
  ]);
  const nearRoad = polyline([
    [roadLeft(472), 472],
    [roadRight(472), 472],
    [680, 600],
    [120, 600],
  ]);
  let dashes = '';
  for (const [from, to] of [[302, 318], [336, 360], [384, 420], [492, 540], [566, 600]] as const) {
    const halfWidth = (y: number) => 1 + ((y - 300) / 300) * 5;
    dashes += polyline([
      [400 - halfWidth(from), from],
      [400 + halfWidth(from), from],
      [400 + halfWidth(to), to],
      [400 - halfWidth(to), to],
    ]);
  }
  const chunk = (x: number, y: number, size: number, turn: number) =>
    `<path d="${polyline([[-size, -size * 0.6], [size * 0.8, -size], [size, size * 0.5], [-size * 0.5, size]])}" fill="#3b434d" transform="translate(${x},${y}) rotate(${turn})"/>`;
  const cone = (x: number, y: number) =>
    `<path d="M${x - 18},${y}L${x - 5},${y - 52}H${x + 5}L${x + 18},${y}Z" fill="${BRAND}"/>` +
    `<path d="M${x - 12},${y - 22}L${x - 9},${y - 34}H${x + 9}L${x + 12},${y - 22}Z" fill="#ffffff"/>` +
    `<rect x="${x - 26}" y="${y - 4}" width="52" height="8" rx="2" fill="#1f242a"/>`;
  const arrowBoard = (y: number, left: boolean) => {
    const path = left ? 'M-60,-14H40V14H-60L-76,0Z' : 'M-40,-14H60L76,0L60,14H-40Z';
    return `<path d="${path}" transform="translate(672,${y})" fill="#e9edf1" stroke="#59636e" stroke-width="3"/><path d="M${left ? 620 : 652},${y}h40" stroke="#9aa5b1" stroke-width="5" stroke-linecap="round"/>`;
  };
  const body =
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<g fill="#ffffff">${stars}</g>` +
    `<circle cx="650" cy="90" r="38" fill="#f4ecd2"/><circle cx="664" cy="80" r="34" fill="#1e3050" opacity="0.85"/>` +
    `<path d="M-10,320Q120,250 260,300T520,286T810,300V340H-10Z" fill="#2d4766"/>` +
    `<path d="${ground}" fill="#27433f"/>` +
    `<path d="${farRoad}" fill="${asphalt}"/>` +
    `<path d="${polyline([...farEdge, [810, 500], [-10, 500]])}" fill="${ravine}"/>` +
    `<path d="${nearGround}" fill="#2f5249"/>` +
    `<path d="${nearRoad}" fill="${asphalt}"/>` +
    `<path d="${dashes}" fill="#e8dcb5" opacity="0.8"/>` +
    chunk(330, 452, 9, 20) +
    chunk(452, 446, 6, -35) +
    chunk(402, 462, 5, 60) +
    `<ellipse cx="306" cy="556" rx="120" ry="10" fill="#000000" opacity="0.3"/>` +
    `<g transform="translate(336,548) scale(0.25)">${motorbike(d, BRAND)}</g>` +
    `<g transform="translate(250,560) scale(0.78)">${rider('#2f74c9', BRAND)}</g>` +
    `<path d="M226,384C226,362 258,360 258,382C258,396 242,396 242,410" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/><circle cx="242" cy="428" r="5.5" fill="#ffffff"/>` +
    cone(180, 520) +
    cone(600, 512) +
    `<rect x="668" y="420" width="8" height="130" fill="#8a95a1"/>` +
    arrowBoard(432, true) +
    arrowBoard(474, false);
  return svgDocument(width, height, d, body);
}

/** A gear around a spoked wheel: the shop's mark, legible at favicon size. */
function logoSvg(): string {
  let spokes = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    const [x1, y1] = polar(32, 32, 5, a);
    const [x2, y2] = polar(32, 32, 14, a);
    spokes += `M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<path d="${gearPath(32, 32, 10, 31.5, 26.5)}" fill="${BRAND}"/>` +
    `<circle cx="32" cy="32" r="22.5" fill="#1f2937"/>` +
    `<circle cx="32" cy="32" r="15" fill="none" stroke="#e5e7eb" stroke-width="3"/>` +
    `<path d="${spokes}" stroke="#e5e7eb" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="32" cy="32" r="4.5" fill="${BRAND}"/>` +
    `</svg>\n`
  );
}

interface Output {
  file: string;
  make: () => Promise<Buffer> | Buffer;
  limit: number;
}

const outputs: Output[] = [
  { file: 'static/carousel-1.webp', make: () => renderWebp(workshop(), 1600, 600, 80), limit: 60 * 1024 },
  { file: 'static/carousel-2.webp', make: () => renderWebp(sunsetRide(), 1600, 600, 80), limit: 60 * 1024 },
  { file: 'static/carousel-3.webp', make: () => renderWebp(partsFlatLay(), 1600, 600, 78), limit: 60 * 1024 },
  { file: 'static/not-found.webp', make: () => renderWebp(lostRider(), 800, 600, 82), limit: 40 * 1024 },
  { file: 'static/logo.svg', make: () => Buffer.from(logoSvg()), limit: 4 * 1024 },
  { file: 'static/favicon.svg', make: () => Buffer.from(logoSvg()), limit: 4 * 1024 },
];

await mkdir(path.join(WEB_PUBLIC, 'images'), { recursive: true });
for (const output of outputs) {
  const bytes = await output.make();
  if (bytes.length > output.limit) {
    throw new Error(`${output.file} is ${bytes.length} bytes, over its ${output.limit} byte budget`);
  }
  await writeFile(path.join(WEB_PUBLIC, output.file), bytes);
  console.log(`${output.file}: ${(bytes.length / 1024).toFixed(1)} KB`);
}
