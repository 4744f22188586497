import { createHash } from "node:crypto";
import { DEFAULT_MEDIA_SIZE, mediaUrl, mediaUrlTitle } from "@shop/contracts";

/**
 * The demo's images, drawn as SVG in code so the repository carries no binary files.
 *
 * Content images (hero, gallery, …) live in the media library like uploads do: seed/media.ts
 * writes a media row per file (storage key demo/<name>.svg, hash = sha256 of the markup) and the
 * content refers to them by /media URLs, which the media server rasterises to WebP/AVIF/PNG at the
 * named sizes. The two logos stay vector files at /logo.svg and /logo-autopraonica.svg, served as
 * they are by the server: a logo rasterised at its 240 px width would blur on high-density screens,
 * and this markup is ours, not an upload (uploaded SVG is never served as SVG).
 */

export interface DemoImage {
  src: string;
  width: number;
  height: number;
}

/** apiKeyId of the media URLs: the id of the one demo site. */
export const DEMO_SITE_ID = 1;

/** Each drawing: file name (of its storage key), pixel size and the media library title (also in its URLs). */
const FILES = {
  logo: { name: "logo", width: 240, height: 64, title: "Autopraonica Zagreb – logo" },
  logoCarwash: { name: "logo-autopraonica", width: 240, height: 64, title: "Autopraonica – logo odredišne stranice" },
  hero: { name: "hero-1", width: 1600, height: 700, title: "Automobil u pjeni aktivnog šampona" },
  heroCarwash: { name: "hero-autopraonica", width: 1600, height: 700, title: "Automobil u liniji za pranje" },
  foam: { name: "pjena", width: 800, height: 600, title: "Pjena aktivnog šampona na laku" },
  about: { name: "o-nama", width: 800, height: 600, title: "Zgrada autopraonice s natkrivenim boksovima" },
  gallery1: { name: "galerija-1", width: 800, height: 600, title: "Linija za pranje" },
  gallery2: { name: "galerija-2", width: 800, height: 600, title: "Ručno sušenje mikrofibrom" },
  gallery3: { name: "galerija-3", width: 800, height: 600, title: "Čišćenje interijera" },
  gallery4: { name: "galerija-4", width: 800, height: 600, title: "Lokacija Jankomir navečer" },
  euEmblem: { name: "eu-nextgenerationeu", width: 320, height: 80, title: "NextGenerationEU" },
  shampooLemon: { name: "proizvod-sampon-limun", width: 800, height: 800, title: "Auto šampon s mirisom limuna" },
  shampooLavender: { name: "proizvod-sampon-lavanda", width: 800, height: 800, title: "Auto šampon s mirisom lavande" },
  shampooNeutral: { name: "proizvod-sampon-neutralni", width: 800, height: 800, title: "Auto šampon bez mirisa" },
  sprayGlass: { name: "proizvod-sprej-stakla", width: 800, height: 800, title: "Sprej za čišćenje stakla" },
  sprayWheel: { name: "proizvod-sprej-felge", width: 800, height: 800, title: "Sprej za čišćenje felgi" },
  sprayInterior: { name: "proizvod-sprej-interijer", width: 800, height: 800, title: "Sprej za čišćenje interijera" },
  sprayTyre: { name: "proizvod-sprej-gume", width: 800, height: 800, title: "Sprej za sjaj guma" },
  cloth: { name: "proizvod-mikrofiber-krpa", width: 800, height: 800, title: "Složena mikrofiber krpa" },
  mitt: { name: "proizvod-rukavica", width: 800, height: 800, title: "Mikrofiber rukavica za pranje" },
  sponge: { name: "proizvod-spuzva", width: 800, height: 800, title: "Spužva za pranje s pjenom" },
  brush: { name: "proizvod-cetka", width: 800, height: 800, title: "Četka za felge" },
  waxTin: { name: "proizvod-vosak", width: 800, height: 800, title: "Limenka tvrdog voska" },
  freshener: { name: "proizvod-osvjezivac", width: 800, height: 800, title: "Mirisni osvježivač zraka" },
  voucher20: { name: "proizvod-bon-20", width: 800, height: 800, title: "Poklon bon 20 €" },
  voucher50: { name: "proizvod-bon-50", width: 800, height: 800, title: "Poklon bon 50 €" },
  voucher100: { name: "proizvod-bon-100", width: 800, height: 800, title: "Poklon bon 100 €" },
  kitCare: { name: "proizvod-paket-njege", width: 800, height: 800, title: "Kutija paketa njege" },
  kitInterior: { name: "proizvod-paket-interijer", width: 800, height: 800, title: "Kutija paketa za interijer" },
  washExterior: { name: "program-pranje", width: 800, height: 800, title: "Automobil pod mlazom vode" },
  washInterior: { name: "program-interijer", width: 800, height: 800, title: "Čisto sjedalo automobila" },
  washPolish: { name: "program-poliranje", width: 800, height: 800, title: "Sjajni lak nakon poliranja" },
} as const;
type ImageName = keyof typeof FILES;

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const NAVY = "#0b2a4a";
const BLUE = "#1565c0";
const CYAN = "#29b6f6";

/** Small deterministic generator, so the markup (and any cache of it) is the same on every start. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function svg(width: number, height: number, title: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    body,
    "</svg>",
  ].join("");
}

function linearGradient(id: string, stops: readonly string[], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const offsets = stops.map((color, i) => `<stop offset="${Math.round((i / (stops.length - 1)) * 100)}%" stop-color="${color}"/>`);
  return `<linearGradient id="${id}" ${dir}>${offsets.join("")}</linearGradient>`;
}

/** A sedan seen from the side, facing right, drawn in a 400×140 box. */
function car(x: number, y: number, scale: number, body: string, glass = "#e3f2fd"): string {
  return [
    `<g transform="translate(${x} ${y}) scale(${scale})">`,
    `<path fill="${body}" d="M10 100V80q2-14 20-18l80-8 50-34q10-6 25-6h95q18 0 30 10l40 32 28 6q14 4 14 18v20q0 6-6 6h-46a36 36 0 0 0-72 0H140a36 36 0 0 0-72 0H16q-6 0-6-6z"/>`,
    `<path fill="${glass}" opacity="0.85" d="M122 56l44-30q6-4 16-4h40v34zM232 22h48q12 0 20 8l32 26H232z"/>`,
    `<rect x="180" y="70" width="22" height="4" rx="2" fill="${glass}" opacity="0.6"/>`,
    `<rect x="368" y="70" width="18" height="8" rx="3" fill="#fff59d"/>`,
    `<circle cx="104" cy="106" r="28" fill="#1c2733"/><circle cx="104" cy="106" r="11" fill="#b0bec5"/>`,
    `<circle cx="304" cy="106" r="28" fill="#1c2733"/><circle cx="304" cy="106" r="11" fill="#b0bec5"/>`,
    "</g>",
  ].join("");
}

function bubbles(seed: number, count: number, area: { x: number; y: number; w: number; h: number }, maxR: number): string {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = Math.round(area.x + next() * area.w);
    const cy = Math.round(area.y + next() * area.h);
    const r = Math.round(4 + next() * (maxR - 4));
    const opacity = (0.25 + next() * 0.5).toFixed(2);
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${opacity}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="1.5"/>`,
    );
    if (r > 10) out.push(`<circle cx="${cx - r / 3}" cy="${cy - r / 3}" r="${Math.max(2, r / 5)}" fill="#ffffff" fill-opacity="0.9"/>`);
  }
  return out.join("");
}

function drop(x: number, y: number, scale: number, fill = "#ffffff", opacity = 0.9): string {
  return `<path transform="translate(${x} ${y}) scale(${scale})" fill="${fill}" fill-opacity="${opacity}" d="M0-14C6-5 9 0 9 5a9 9 0 0 1-18 0c0-5 3-10 9-19z"/>`;
}

function sparkle(x: number, y: number, size: number): string {
  const s = size;
  return `<path fill="#ffffff" d="M${x} ${y - s}Q${x + s * 0.15} ${y - s * 0.15} ${x + s} ${y}Q${x + s * 0.15} ${y + s * 0.15} ${x} ${y + s}Q${x - s * 0.15} ${y + s * 0.15} ${x - s} ${y}Q${x - s * 0.15} ${y - s * 0.15} ${x} ${y - s}z"/>`;
}

function logo(carwash: boolean): string {
  const { width, height } = FILES.logo;
  const icon = [
    `<defs>${linearGradient("lg", [CYAN, BLUE], false)}</defs>`,
    `<rect x="4" y="4" width="56" height="56" rx="14" fill="url(#lg)"/>`,
    drop(32, 30, 1.5),
    `<circle cx="46" cy="16" r="5" fill="#ffffff" fill-opacity="0.7"/><circle cx="16" cy="46" r="4" fill="#ffffff" fill-opacity="0.6"/>`,
  ].join("");
  const text = carwash
    ? `<text x="72" y="34" font-family="${FONT}" font-size="18" font-weight="800" fill="${BLUE}" letter-spacing="0.5">AUTOPRAONICA</text>` +
      `<text x="73" y="52" font-family="${FONT}" font-size="10" font-weight="600" fill="${CYAN}" letter-spacing="1.5">PRANJE · NJEGA · SJAJ</text>`
    : `<text x="72" y="32" font-family="${FONT}" font-size="22" font-weight="700" fill="${NAVY}">Autopraonica</text>` +
      `<text x="73" y="52" font-family="${FONT}" font-size="14" font-weight="600" fill="${CYAN}" letter-spacing="6">ZAGREB</text>`;
  return svg(width, height, carwash ? "Autopraonica – pranje, njega, sjaj" : "Autopraonica Zagreb", icon + text);
}

function heroHome(): string {
  const { width: w, height: h } = FILES.hero;
  return svg(
    w,
    h,
    "Automobil u pjeni aktivnog šampona",
    [
      `<defs>${linearGradient("sky", ["#0d47a1", "#1e88e5", "#4fc3f7"])}${linearGradient("floor", ["#0a3d7a", "#082c57"])}</defs>`,
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
      `<rect y="560" width="${w}" height="140" fill="url(#floor)"/>`,
      `<ellipse cx="1040" cy="580" rx="420" ry="26" fill="#000000" fill-opacity="0.25"/>`,
      car(720, 360, 1.6, "#eceff1"),
      `<path d="M720 470q120-90 300-70t320 60q-40-60-160-90-240-60-460 100z" fill="#ffffff" fill-opacity="0.55"/>`,
      bubbles(7, 70, { x: 640, y: 250, w: 760, h: 320 }, 34),
      bubbles(11, 40, { x: 60, y: 40, w: 560, h: 520 }, 22),
      drop(1480, 120, 2.2),
      drop(1420, 210, 1.4),
      drop(1530, 260, 1.1),
      sparkle(1180, 330, 22),
      sparkle(860, 300, 14),
    ].join(""),
  );
}

function heroCarwash(): string {
  const { width: w, height: h } = FILES.heroCarwash;
  const arch = [
    `<rect x="560" y="120" width="40" height="460" rx="8" fill="#cfd8dc"/>`,
    `<rect x="1360" y="120" width="40" height="460" rx="8" fill="#cfd8dc"/>`,
    `<rect x="540" y="96" width="880" height="48" rx="12" fill="#eceff1"/>`,
    `<rect x="700" y="108" width="560" height="24" rx="6" fill="${CYAN}"/>`,
  ].join("");
  const sprays = Array.from({ length: 9 }, (_, i) => {
    const x = 660 + i * 80;
    return `<path d="M${x} 144l-30 150h60z" fill="#e1f5fe" fill-opacity="0.35"/>${drop(x, 200, 1)}${drop(x - 14, 262, 0.8)}`;
  }).join("");
  const brushes = [
    `<rect x="610" y="190" width="70" height="370" rx="35" fill="#26c6da" fill-opacity="0.85"/>`,
    `<rect x="1280" y="190" width="70" height="370" rx="35" fill="#ec407a" fill-opacity="0.8"/>`,
  ].join("");
  return svg(
    w,
    h,
    "Automobil u liniji za pranje",
    [
      `<defs>${linearGradient("bg", ["#0b2a4a", "#0d47a1", "#1976d2"])}</defs>`,
      `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
      `<rect y="580" width="${w}" height="120" fill="#071d33"/>`,
      `<path d="M0 600h1600" stroke="#29b6f6" stroke-width="4" stroke-dasharray="40 30"/>`,
      arch,
      sprays,
      brushes,
      car(700, 390, 1.4, "#ef5350"),
      bubbles(23, 50, { x: 690, y: 330, w: 600, h: 250 }, 26),
      bubbles(29, 30, { x: 40, y: 60, w: 440, h: 480 }, 20),
      sparkle(1480, 180, 26),
      sparkle(1530, 300, 14),
    ].join(""),
  );
}

function foam(): string {
  const { width: w, height: h } = FILES.foam;
  return svg(
    w,
    h,
    "Pjena aktivnog šampona na laku",
    [
      `<defs>${linearGradient("fg", ["#0288d1", "#4fc3f7", "#b3e5fc"], false)}</defs>`,
      `<rect width="${w}" height="${h}" fill="url(#fg)"/>`,
      `<path d="M0 360q120-60 240-10t260 0 300-30v280H0z" fill="#ffffff" fill-opacity="0.6"/>`,
      bubbles(41, 90, { x: 0, y: 300, w: 800, h: 300 }, 40),
      bubbles(43, 25, { x: 40, y: 40, w: 720, h: 240 }, 18),
      drop(620, 120, 3),
      drop(700, 200, 1.8),
    ].join(""),
  );
}

function about(): string {
  const { width: w, height: h } = FILES.about;
  return svg(
    w,
    h,
    "Zgrada autopraonice s natkrivenim boksovima",
    [
      `<defs>${linearGradient("ab", ["#81d4fa", "#e1f5fe"])}</defs>`,
      `<rect width="${w}" height="${h}" fill="url(#ab)"/>`,
      `<circle cx="660" cy="110" r="50" fill="#fff59d"/>`,
      `<rect y="470" width="${w}" height="130" fill="#546e7a"/>`,
      `<rect x="80" y="230" width="640" height="240" fill="#eceff1"/>`,
      `<path d="M60 240l340-90 340 90z" fill="${BLUE}"/>`,
      `<rect x="300" y="185" width="200" height="40" rx="8" fill="${NAVY}"/>`,
      drop(330, 212, 1, CYAN, 1),
      `<text x="350" y="213" font-family="${FONT}" font-size="18" font-weight="700" fill="#ffffff">WASH</text>`,
      ...[120, 330, 540].map((x) => `<rect x="${x}" y="290" width="150" height="180" fill="#37474f"/>`),
      car(340, 390, 0.4, "#ffca28"),
      car(130, 390, 0.4, "#eceff1"),
      bubbles(53, 18, { x: 540, y: 300, w: 150, h: 160 }, 14),
    ].join(""),
  );
}

function galleryImage(seed: number, title: string, colors: readonly string[], carColor: string, extra: string): string {
  const { width: w, height: h } = FILES.gallery1;
  return svg(
    w,
    h,
    title,
    [
      `<defs>${linearGradient(`g${seed}`, colors)}</defs>`,
      `<rect width="${w}" height="${h}" fill="url(#g${seed})"/>`,
      `<rect y="470" width="${w}" height="130" fill="#000000" fill-opacity="0.25"/>`,
      car(150, 320, 1.25, carColor),
      extra,
      bubbles(seed, 26, { x: 40, y: 40, w: 720, h: 380 }, 22),
    ].join(""),
  );
}

function euEmblem(): string {
  const { width: w, height: h } = FILES.euEmblem;
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const x = (65 + Math.cos(a) * 20).toFixed(1);
    const y = (40 + Math.sin(a) * 20).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="3" fill="#ffcc00"/>`;
  }).join("");
  return svg(
    w,
    h,
    "NextGenerationEU",
    [
      `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
      `<rect x="20" y="10" width="90" height="60" fill="#003399"/>`,
      stars,
      `<text x="122" y="36" font-family="${FONT}" font-size="15" fill="#003399">Europska unija</text>`,
      `<text x="122" y="58" font-family="${FONT}" font-size="19" font-weight="700" fill="#003399">NextGenerationEU</text>`,
    ].join(""),
  );
}

/* Product drawings: one object centred on a soft square card, 800×800. */

const PRODUCT_SIZE = 800;

function productCard(title: string, tint: string, body: string): string {
  const id = `pc${title.length}${tint.slice(1)}`;
  return svg(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    title,
    [
      `<defs>${linearGradient(id, ["#ffffff", tint])}</defs>`,
      `<rect width="800" height="800" fill="url(#${id})"/>`,
      `<ellipse cx="400" cy="700" rx="230" ry="26" fill="#000000" fill-opacity="0.12"/>`,
      body,
    ].join(""),
  );
}

/** A shampoo bottle with a cap and a label in the scent's colour. */
function shampooBottle(title: string, liquid: string, tint: string, label: string): string {
  return productCard(
    title,
    tint,
    [
      `<rect x="350" y="90" width="100" height="70" rx="12" fill="${NAVY}"/>`,
      `<path d="M330 160h140l30 60v450q0 30-30 30H330q-30 0-30-30V220z" fill="${liquid}"/>`,
      `<path d="M320 220q0-10 10-10h20v470h-20q-10 0-10-10z" fill="#ffffff" fill-opacity="0.35"/>`,
      `<rect x="315" y="330" width="170" height="220" rx="14" fill="#ffffff"/>`,
      `<text x="400" y="400" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="800" fill="${NAVY}">ŠAMPON</text>`,
      `<text x="400" y="445" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="600" fill="${BLUE}">${label}</text>`,
      drop(400, 510, 2.2, CYAN, 1),
      bubbles(title.length, 10, { x: 520, y: 120, w: 200, h: 300 }, 22).replaceAll("#ffffff", liquid),
    ].join(""),
  );
}

/** A trigger spray bottle; `liquid` shows through the bottle. */
function sprayBottle(title: string, liquid: string, tint: string, label: string): string {
  return productCard(
    title,
    tint,
    [
      `<path d="M330 110h130l60 30v40H420v60h-80v-60l-20-20z" fill="${NAVY}"/>`,
      `<path d="M470 200l-30 70h-30z" fill="${NAVY}"/>`,
      `<path d="M520 150l80 -20M520 160l90 10M520 170l70 40" stroke="${CYAN}" stroke-width="6" stroke-linecap="round" stroke-dasharray="8 14"/>`,
      `<path d="M330 240h100l40 60v370q0 30-30 30H320q-30 0-30-30V300z" fill="${liquid}" fill-opacity="0.85"/>`,
      `<rect x="305" y="380" width="150" height="200" rx="12" fill="#ffffff"/>`,
      `<text x="380" y="470" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="800" fill="${NAVY}">${label}</text>`,
      sparkle(380, 530, 18).replace('fill="#ffffff"', `fill="${CYAN}"`),
    ].join(""),
  );
}

function clothDrawing(): string {
  const layers = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${190 + i * 10}" y="${470 - i * 110}" width="${420 - i * 20}" height="120" rx="40" fill="${["#1e88e5", "#42a5f5", "#90caf9"][i]}"/>`,
    )
    .join("");
  const stitches = Array.from(
    { length: 12 },
    (_, i) => `<circle cx="${230 + i * 30}" cy="${300 + (i % 2) * 12}" r="4" fill="#ffffff" fill-opacity="0.6"/>`,
  ).join("");
  return productCard(FILES.cloth.title, "#e3f2fd", layers + stitches);
}

function mittDrawing(): string {
  const loops = Array.from({ length: 40 }, (_, i) => {
    const x = 300 + (i % 8) * 30;
    const y = 240 + Math.floor(i / 8) * 70;
    return `<circle cx="${x}" cy="${y}" r="16" fill="#ffffff" fill-opacity="0.35"/>`;
  }).join("");
  return productCard(
    FILES.mitt.title,
    "#ede7f6",
    [
      `<path d="M280 640V300q0-120 120-120t120 120v60q50-40 80 0t-20 90l-60 70v120z" fill="#7e57c2"/>`,
      loops,
      `<rect x="270" y="610" width="270" height="70" rx="18" fill="${NAVY}"/>`,
    ].join(""),
  );
}

function spongeDrawing(): string {
  return productCard(
    FILES.sponge.title,
    "#fff8e1",
    [
      `<rect x="210" y="380" width="380" height="230" rx="60" fill="#ffca28"/>`,
      `<rect x="210" y="380" width="380" height="90" rx="45" fill="#ffb300"/>`,
      ...[
        [280, 520],
        [360, 560],
        [450, 510],
        [520, 570],
        [330, 470],
      ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="#ff8f00" fill-opacity="0.5"/>`),
      bubbles(91, 22, { x: 200, y: 180, w: 400, h: 200 }, 36).replaceAll("#ffffff", "#b3e5fc"),
    ].join(""),
  );
}

function brushDrawing(): string {
  const bristles = Array.from(
    { length: 14 },
    (_, i) => `<rect x="${432 + i * 16}" y="${220 - (i % 3) * 8}" width="8" height="150" rx="4" fill="#ef5350"/>`,
  ).join("");
  return productCard(
    FILES.brush.title,
    "#ffebee",
    [
      `<rect x="150" y="380" width="320" height="50" rx="25" fill="${NAVY}" transform="rotate(-35 310 405)"/>`,
      `<rect x="420" y="340" width="240" height="60" rx="20" fill="#37474f"/>`,
      bristles,
    ].join(""),
  );
}

function waxTinDrawing(): string {
  return productCard(
    FILES.waxTin.title,
    "#fff3e0",
    [
      `<ellipse cx="400" cy="560" rx="230" ry="70" fill="#8d6e63"/>`,
      `<rect x="170" y="430" width="460" height="130" fill="#a1887f"/>`,
      `<ellipse cx="400" cy="430" rx="230" ry="70" fill="#ffe082"/>`,
      `<ellipse cx="400" cy="430" rx="170" ry="48" fill="#ffca28"/>`,
      `<rect x="260" y="180" width="280" height="180" rx="90" fill="#ffffff" transform="rotate(-8 400 270)"/>`,
      `<text x="400" y="290" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="800" fill="#6d4c41" transform="rotate(-8 400 270)">CARNAUBA</text>`,
      sparkle(600, 330, 30),
      sparkle(220, 360, 18),
    ].join(""),
  );
}

function freshenerDrawing(): string {
  return productCard(
    FILES.freshener.title,
    "#e8f5e9",
    [
      `<path d="M400 80v80" stroke="${NAVY}" stroke-width="6"/>`,
      `<path d="M400 160l110 150h-60l110 140h-70l100 140H210l100-140h-70l110-140h-60z" fill="#43a047"/>`,
      `<rect x="370" y="590" width="60" height="80" fill="#6d4c41"/>`,
      `<circle cx="400" cy="160" r="10" fill="${NAVY}"/>`,
    ].join(""),
  );
}

function voucherDrawing(title: string, amount: number, colors: readonly [string, string]): string {
  const id = `vc${amount}`;
  return productCard(
    title,
    "#e1f5fe",
    [
      `<defs>${linearGradient(id, colors, false)}</defs>`,
      `<rect x="110" y="230" width="580" height="340" rx="30" fill="url(#${id})"/>`,
      `<path d="M110 330h580" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="14 10"/>`,
      `<path d="M520 230v340" stroke="#ffca28" stroke-width="26"/>`,
      `<path d="M470 230q50 60 50 100q0-40 50-100" fill="none" stroke="#ffca28" stroke-width="14"/>`,
      `<text x="150" y="300" font-family="${FONT}" font-size="34" font-weight="700" fill="#ffffff">POKLON BON</text>`,
      `<text x="150" y="480" font-family="${FONT}" font-size="120" font-weight="800" fill="#ffffff">${amount} €</text>`,
      drop(630, 470, 2.4),
    ].join(""),
  );
}

function kitDrawing(title: string, tint: string, items: string): string {
  return productCard(
    title,
    tint,
    [
      items,
      `<path d="M150 380h500v260q0 30-30 30H180q-30 0-30-30z" fill="#8d6e63"/>`,
      `<path d="M150 380l-40 90h580l-40-90z" fill="#a1887f"/>`,
      `<rect x="250" y="480" width="300" height="110" rx="16" fill="#ffffff"/>`,
      `<text x="400" y="548" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="800" fill="${NAVY}">PAKET</text>`,
    ].join(""),
  );
}

function washDrawing(title: string, colors: readonly string[], body: string): string {
  const id = `w${title.length}`;
  return svg(
    PRODUCT_SIZE,
    PRODUCT_SIZE,
    title,
    [
      `<defs>${linearGradient(id, colors)}</defs>`,
      `<rect width="800" height="800" fill="url(#${id})"/>`,
      `<rect y="620" width="800" height="180" fill="#000000" fill-opacity="0.25"/>`,
      body,
    ].join(""),
  );
}

const MARKUP: Readonly<Record<ImageName, string>> = {
  logo: logo(false),
  logoCarwash: logo(true),
  hero: heroHome(),
  heroCarwash: heroCarwash(),
  foam: foam(),
  about: about(),
  gallery1: galleryImage(61, FILES.gallery1.title, ["#0d47a1", "#42a5f5"], "#eceff1", sparkle(620, 140, 24)),
  gallery2: galleryImage(
    67,
    FILES.gallery2.title,
    ["#006064", "#4dd0e1"],
    "#37474f",
    `<rect x="560" y="250" width="120" height="70" rx="14" fill="#ffca28" transform="rotate(-12 620 285)"/>`,
  ),
  gallery3: galleryImage(71, FILES.gallery3.title, ["#1a237e", "#5c6bc0"], "#ef5350", drop(640, 160, 3)),
  gallery4: galleryImage(
    73,
    FILES.gallery4.title,
    ["#0b1026", "#283593"],
    "#90a4ae",
    `<circle cx="650" cy="110" r="40" fill="#fff9c4"/><circle cx="635" cy="100" r="40" fill="#0b1026"/>`,
  ),
  euEmblem: euEmblem(),
  shampooLemon: shampooBottle(FILES.shampooLemon.title, "#fdd835", "#fffde7", "LIMUN"),
  shampooLavender: shampooBottle(FILES.shampooLavender.title, "#9575cd", "#ede7f6", "LAVANDA"),
  shampooNeutral: shampooBottle(FILES.shampooNeutral.title, "#b0bec5", "#eceff1", "NEUTRALNI"),
  sprayGlass: sprayBottle(FILES.sprayGlass.title, "#4fc3f7", "#e1f5fe", "STAKLO"),
  sprayWheel: sprayBottle(FILES.sprayWheel.title, "#ef5350", "#ffebee", "FELGE"),
  sprayInterior: sprayBottle(FILES.sprayInterior.title, "#66bb6a", "#e8f5e9", "INTERIJER"),
  sprayTyre: sprayBottle(FILES.sprayTyre.title, "#424242", "#eceff1", "GUME"),
  cloth: clothDrawing(),
  mitt: mittDrawing(),
  sponge: spongeDrawing(),
  brush: brushDrawing(),
  waxTin: waxTinDrawing(),
  freshener: freshenerDrawing(),
  voucher20: voucherDrawing(FILES.voucher20.title, 20, ["#26a69a", "#00695c"]),
  voucher50: voucherDrawing(FILES.voucher50.title, 50, [BLUE, NAVY]),
  voucher100: voucherDrawing(FILES.voucher100.title, 100, ["#ab47bc", "#4a148c"]),
  kitCare: kitDrawing(
    FILES.kitCare.title,
    "#e3f2fd",
    `<rect x="230" y="170" width="90" height="260" rx="20" fill="#fdd835"/><rect x="250" y="140" width="50" height="40" rx="8" fill="${NAVY}"/><rect x="360" y="230" width="80" height="200" rx="16" fill="#4fc3f7"/><ellipse cx="530" cy="330" rx="90" ry="30" fill="#ffca28"/><rect x="440" y="330" width="180" height="70" fill="#a1887f"/>`,
  ),
  kitInterior: kitDrawing(
    FILES.kitInterior.title,
    "#e8f5e9",
    `<rect x="240" y="200" width="90" height="230" rx="16" fill="#66bb6a"/><rect x="250" y="160" width="60" height="50" rx="8" fill="${NAVY}"/><path d="M480 150l60 80h-30l60 80h-40l50 90H390l50-90h-40l60-80h-30z" fill="#43a047"/>`,
  ),
  washExterior: washDrawing(
    FILES.washExterior.title,
    ["#0d47a1", "#4fc3f7"],
    [
      ...Array.from(
        { length: 7 },
        (_, i) => `<path d="M${120 + i * 95} 60l-30 200h60z" fill="#e1f5fe" fill-opacity="0.3"/>${drop(120 + i * 95, 300, 1.4)}`,
      ),
      car(40, 420, 1.8, "#eceff1"),
      bubbles(97, 30, { x: 60, y: 360, w: 680, h: 220 }, 26),
    ].join(""),
  ),
  washInterior: washDrawing(
    FILES.washInterior.title,
    ["#004d40", "#4db6ac"],
    [
      `<path d="M280 620V260q0-90 90-90h60q60 0 60 60v220h80q60 0 60 60v110z" fill="#37474f"/>`,
      `<rect x="320" y="220" width="130" height="260" rx="40" fill="#546e7a"/>`,
      sparkle(560, 220, 40),
      sparkle(640, 330, 22),
      sparkle(200, 300, 26),
    ].join(""),
  ),
  washPolish: washDrawing(
    FILES.washPolish.title,
    ["#1a237e", "#7986cb"],
    [car(40, 400, 1.8, "#c62828"), sparkle(560, 300, 50), sparkle(260, 260, 30), sparkle(680, 180, 24), sparkle(140, 160, 20)].join(""),
  ),
};

/** A name-based (version 5) UUID: the same drive id on every seed, so seeded URLs never change. */
function uuidFromName(name: string): string {
  const namespace = Buffer.from("6ba7b8119dad11d180b400c04fd430c8", "hex"); // RFC 4122 URL namespace
  const bytes = createHash("sha1").update(namespace).update(`demo-media:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One demo original as the media library stores it. */
export interface DemoMediaFile {
  /** Storage key under the media folder. */
  path: string;
  name: string;
  title: string;
  svg: string;
  width: number;
  height: number;
  driveId: string;
  /** sha256 (hex) of the markup's UTF-8 bytes. */
  hash: string;
}

export const DEMO_MEDIA: Readonly<Record<ImageName, DemoMediaFile>> = Object.fromEntries(
  (Object.keys(FILES) as ImageName[]).map((key) => {
    const { name, width, height, title } = FILES[key];
    const svg = MARKUP[key];
    const hash = createHash("sha256").update(svg, "utf8").digest("hex");
    return [key, { path: `demo/${name}.svg`, name, title, svg, width, height, driveId: uuidFromName(name), hash }];
  }),
) as Record<ImageName, DemoMediaFile>;

/** Storage key (demo/<name>.svg) → markup: what the media server writes when a demo original is missing on disk. */
export const DEMO_MEDIA_FILES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(DEMO_MEDIA).map((file) => [file.path, file.svg]),
);

/** The content refers to the default size; pages add the other sizes to srcset. */
function demoMediaUrl(file: DemoMediaFile): string {
  return mediaUrl({
    apiKeyId: DEMO_SITE_ID,
    ref: file.driveId,
    size: DEFAULT_MEDIA_SIZE,
    title: mediaUrlTitle(file.title),
    ext: "webp",
    hash: file.hash,
  });
}

const STATIC_LOGOS = new Set<ImageName>(["logo", "logoCarwash"]);

/** What the seeded content refers to: the logos' own paths, every other image by its /media URL. */
export const IMAGES: Readonly<Record<ImageName, DemoImage>> = Object.fromEntries(
  (Object.keys(FILES) as ImageName[]).map((key) => {
    const file = DEMO_MEDIA[key];
    const src = STATIC_LOGOS.has(key) ? `/${file.name}.svg` : demoMediaUrl(file);
    return [key, { src, width: file.width, height: file.height }];
  }),
) as Record<ImageName, DemoImage>;

/**
 * Every src the seeded content uses → the SVG markup it shows. The server serves the logo paths
 * from here as they are; /media URLs are answered by the media server, which rasterises the markup.
 */
export const DEMO_ASSETS: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(FILES) as ImageName[]).map((key) => [IMAGES[key].src, MARKUP[key]]),
);
