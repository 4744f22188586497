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
