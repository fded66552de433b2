/**
 * A QR code (ISO/IEC 18004, byte mode, error correction level M, mask 0) as an SVG picture, for the
 * test provider's PayNow page. Versions 1 to 6 only: up to 106 bytes of text, all blocks of a
 * version the same length, and no version information to draw.
 */

/** Per version: data codewords, error correction codewords per block, blocks, alignment centre. */
const VERSIONS = [
  { data: 16, ecc: 10, blocks: 1, align: null },
  { data: 28, ecc: 16, blocks: 1, align: 18 },
  { data: 44, ecc: 26, blocks: 1, align: 22 },
  { data: 64, ecc: 18, blocks: 2, align: 26 },
  { data: 86, ecc: 24, blocks: 2, align: 30 },
  { data: 108, ecc: 16, blocks: 4, align: 34 },
] as const;

/** GF(256) product under the QR code's polynomial x^8 + x^4 + x^3 + x^2 + 1. */
function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed-Solomon error correction codewords of a block. */
function errorCorrection(data: number[], degree: number): number[] {
  const divisor = new Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      divisor[j] = multiply(divisor[j] as number, root) ^ (j + 1 < degree ? (divisor[j + 1] as number) : 0);
    }
    root = multiply(root, 2);
  }
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] as number) ^ multiply(coefficient, factor);
    });
  }
  return result;
}

/** The text's bytes as the version's codewords: mode, count, data, terminator, padding, then blocks interleaved with their correction. */
function codewords(bytes: Uint8Array, version: (typeof VERSIONS)[number]): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, version.data * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; data.length < version.data; pad ^= 0xec ^ 0x11) data.push(pad);
  const size = version.data / version.blocks;
  const blocks = Array.from({ length: version.blocks }, (_, i) => data.slice(i * size, (i + 1) * size));
  const corrections = blocks.map((block) => errorCorrection(block, version.ecc));
  const interleaved: number[] = [];
  for (let i = 0; i < size; i++) for (const block of blocks) interleaved.push(block[i] as number);
  for (let i = 0; i < version.ecc; i++) for (const correction of corrections) interleaved.push(correction[i] as number);
  return interleaved;
}

/** The dark modules of the text's QR code, row by row. */
export function qrModules(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  const index = VERSIONS.findIndex((version) => version.data - 2 >= bytes.length);
  const version = VERSIONS[index];
  if (!version) throw new Error(`A QR code here holds at most ${VERSIONS.at(-1)?.data} bytes less two`);
  const size = 21 + 4 * index;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    (dark[y] as boolean[])[x] = on;
    (fixed[y] as boolean[])[x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (cx + dx >= 0 && cx + dx < size && cy + dy >= 0 && cy + dy < size)
          set(cx + dx, cy + dy, distance !== 2 && distance !== 4);
      }
    }
  }
  if (version.align !== null) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) set(version.align + dx, version.align + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  // Format information: level M (00) with mask 0, its BCH code, masked as the standard says.
  let remainder = 0;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const format = remainder ^ 0x5412;
  const bit = (i: number) => ((format >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true);

  const words = codewords(bytes, version);
  let next = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - step : step;
        if ((fixed[y] as boolean[])[x]) continue;
        const on = next < words.length * 8 && (((words[next >>> 3] as number) >>> (7 - (next & 7))) & 1) === 1;
        next++;
        (dark[y] as boolean[])[x] = on !== ((x + y) % 2 === 0);
      }
    }
  }
  return dark;
}

/** The text's QR code as an SVG picture, with the quiet zone around it the standard asks for. */
export function qrSvg(text: string, label: string): string {
  const modules = qrModules(text);
  const size = modules.length + 8;
  const path = modules.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x + 4} ${y + 4}h1v1h-1z`] : []))).join("");
  const title = label.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${title}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
