// Image files built byte by byte for the tests of uploads and imports: a PNG or a JPEG declaring any
// dimensions (a 100,000 px "bomb" costs a few bytes), a PNG padded to any size by an ancillary chunk.
import { deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
};

/** A PNG declaring these dimensions, with `pad` bytes of an ancillary chunk (to make it large). */
export const png = (width: number, height: number, pad = 0) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(pad ? [chunk('tEXt', Buffer.alloc(pad, 0x41))] : []),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A baseline JPEG declaring these dimensions. */
export const jpg = (width: number, height: number) => {
  const sof = Buffer.from('ffc00011080000000003012200021101031101', 'hex');
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    sof,
    Buffer.from('ffda000c03010002110311003f00', 'hex'),
    Buffer.alloc(32, 0x55),
    Buffer.from('ffd9', 'hex'),
  ]);
};
