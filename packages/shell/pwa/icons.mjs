// The app's icons, drawn here (no image tools needed): a white parcel on the theme's blue, the
// mark inside the middle 60 % so that a maskable icon's crop (any shape within the middle 80 %)
// never cuts it. Written as PNG (8-bit RGBA) with Node.js's zlib.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const hex = (colour) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

/**
 * A square PNG of `size` px: `background` everywhere, a white parcel (a box with its lid's edge
 * and a strip of tape in `background`) in the middle.
 */
export function iconPng(size, background) {
  const [br, bg, bb] = hex(background);
  const white = [255, 255, 255];
  const box = { left: 0.24, right: 0.76, top: 0.27, bottom: 0.73 };
  const lid = 0.4; // the lid's edge: a line across the box
  const line = Math.max(1, Math.round(size * 0.025));
  const tape = { left: 0.45, right: 0.55 };
  const pixel = (x, y) => {
    const fx = (x + 0.5) / size;
    const fy = (y + 0.5) / size;
    const inBox = fx >= box.left && fx <= box.right && fy >= box.top && fy <= box.bottom;
    if (!inBox) return [br, bg, bb];
    const onLid = Math.abs(y + 0.5 - lid * size) <= line / 2;
    const onTape = fx >= tape.left && fx <= tape.right && fy <= lid;
    return onLid || onTape ? [br, bg, bb] : white;
  };
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    row[0] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      row.set([r, g, b, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
