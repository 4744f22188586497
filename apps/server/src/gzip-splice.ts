import { constants, crc32, deflateRaw } from "node:zlib";

/**
 * A cached page is the same bytes for everyone except a few values that must be fresh on every
 * answer (the CSP nonce, the forms' view key), all of one length. So its pieces between those slots
 * are deflated once, each ending byte-aligned, and every answer splices them around its values sent
 * as stored blocks: a valid gzip stream without compressing anything per request. Each piece is
 * deflated with the text before it as its dictionary, the slots there written as NUL bytes that no
 * piece contains, so no back-reference can land on a slot and every piece compresses as well as in
 * one stream. The CRC of the whole is combined from the pieces' CRCs (zlib's crc32_combine), so no
 * byte is read twice.
 */

const WINDOW = 32 * 1024;
const PLACEHOLDER = 0;

/** The deflated pieces of a page, with what the gzip trailer needs. */
export interface GzipPieces {
  /** Raw deflate per piece; all but the last end on a sync flush, the last is the final block. */
  deflated: Buffer[];
  /** The slots' length the dictionaries were laid out for. */
  fillerLength: number;
  /** CRC-32 and byte length of each uncompressed piece. */
  crcs: number[];
  lengths: number[];
  /** For each piece after the first: the operator that advances a CRC over that many bytes. */
  shifts: Uint32Array[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

function deflatePiece(piece: Buffer, last: boolean, dictionary: Buffer | undefined): Promise<Buffer> {
  const options = { level: 6, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) };
  return new Promise((resolve, reject) => deflateRaw(piece, options, (err, out) => (err ? reject(err) : resolve(out))));
}

/** Deflates a page's pieces once (off the main thread) for every later answer with slots of `fillerLength`. */
export async function deflatePieces(pieces: Buffer[], fillerLength: number): Promise<GzipPieces> {
  // The text as the browser will have it, slots as placeholders; unusable if a piece holds the placeholder.
  const layout = Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [Buffer.alloc(fillerLength, PLACEHOLDER), piece])));
  const withDictionary = !pieces.some((piece) => piece.includes(PLACEHOLDER));
  let offset = 0;
  const dictionaries = pieces.map((piece, i) => {
    if (i > 0) offset += fillerLength;
    const start = offset;
    offset += piece.length;
    return withDictionary && start > 0 ? layout.subarray(Math.max(0, start - WINDOW), start) : undefined;
  });
  return {
    deflated: await Promise.all(pieces.map((piece, i) => deflatePiece(piece, i === pieces.length - 1, dictionaries[i]))),
    fillerLength,
    crcs: pieces.map((piece) => crc32(piece)),
    lengths: pieces.map((piece) => piece.length),
    shifts: pieces.map((piece) => crcShift(piece.length)),
  };
}

/** The slots always have the same length: its operator is built once. */
const fillerShifts = new Map<number, Uint32Array>();

/** A non-final stored deflate block holding `data` (at most 65535 bytes), starting byte-aligned. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The gzip stream of the pieces joined by the fillers (the nonce, the view key), as chunks to write
 * in order: the slot before piece i holds `fillers[slots[i - 1]]`.
 */
export function splice(pieces: GzipPieces, fillers: readonly Buffer[], slots: ArrayLike<number>): Buffer[] {
  const slotLength = pieces.fillerLength;
  if (fillers.some((f) => f.length !== slotLength))
    throw new Error(`fillers of ${fillers.map((f) => f.length)} bytes, laid out for ${slotLength}`);
  const blocks = fillers.map(storedBlock);
  const crcs = fillers.map((filler) => crc32(filler));
  const fillerShift = fillerShifts.get(slotLength) ?? crcShift(slotLength);
  fillerShifts.set(slotLength, fillerShift);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  pieces.deflated.forEach((deflated, i) => {
    if (i > 0) {
      const slot = slots[i - 1] as number;
      chunks.push(blocks[slot] as Buffer);
      crc = combine(crc, crcs[slot] as number, fillerShift);
      length += slotLength;
    }
    chunks.push(deflated);
    crc = i === 0 ? (pieces.crcs[0] as number) : combine(crc, pieces.crcs[i] as number, pieces.shifts[i] as Uint32Array);
    length += pieces.lengths[i] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

// CRC-32 combination over GF(2), after zlib's crc32_combine: advancing a CRC over n zero bytes is a
// linear operator (a 32x32 bit matrix, one column per word); the CRC of A+B is shift_n(crc A) ^ crc B.

function timesVector(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i] as number;
  return sum >>> 0;
}

function square(matrix: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let i = 0; i < 32; i++) out[i] = timesVector(matrix, matrix[i] as number);
  return out;
}

/** The operator that advances a CRC-32 over `length` bytes. */
function crcShift(length: number): Uint32Array {
  // Identity, then multiplied by the operator for 2^k zero bits for each set bit of length * 8.
  let result: Uint32Array = new Uint32Array(32);
  for (let i = 0; i < 32; i++) result[i] = (1 << i) >>> 0;
  // One zero bit: the reflected CRC-32 polynomial in the first column, then a plain shift.
  let power: Uint32Array = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let i = 1; i < 32; i++) power[i] = (1 << (i - 1)) >>> 0;
  for (let bits = length * 8; bits > 0; bits = Math.floor(bits / 2)) {
    if (bits % 2 === 1) result = compose(power, result);
    power = square(power);
  }
  return result;
}

/** The operator `a` applied after `b`. */
function compose(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let i = 0; i < 32; i++) out[i] = timesVector(a, b[i] as number);
  return out;
}

function combine(crcA: number, crcB: number, shiftB: Uint32Array): number {
  return (timesVector(shiftB, crcA) ^ crcB) >>> 0;
}
