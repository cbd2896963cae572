// Uploaded images (question images, bug-report screenshots) are checked from their header: a file
// cut short or declaring a picture no phone can decode is a translated 400, answered at once.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ERR } from '../../shared/errors.js';
import { checkImage } from './images.js';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
};
const png = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
const jpg = (width: number, height: number) => {
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
const refusal = (buf: Buffer) => {
  try {
    checkImage(buf);
    return null;
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, key: (err as Error).message };
  }
};

describe('uploaded images', () => {
  it('accepts a PNG and a JPEG of ordinary size', () => {
    expect(checkImage(png(1920, 1080))).toBe('png');
    expect(checkImage(jpg(4000, 3000))).toBe('jpg');
  });

  it('refuses a PNG or JPEG declaring 100,000 x 100,000 pixels with "Image too large" (400), at once', () => {
    const started = performance.now();
    expect(refusal(png(100_000, 100_000))).toEqual({ status: 400, key: ERR.IMAGE_TOO_LARGE });
    expect(refusal(jpg(60_000, 60_000))).toEqual({ status: 400, key: ERR.IMAGE_TOO_LARGE });
    expect(refusal(png(20_000, 10))).toEqual({ status: 400, key: ERR.IMAGE_TOO_LARGE });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a file cut short with the image-type error (400)', () => {
    const whole = png(800, 600);
    expect(refusal(whole.subarray(0, 40))).toEqual({ status: 400, key: ERR.IMAGE_TYPE });
    expect(refusal(whole.subarray(0, 20))).toEqual({ status: 400, key: ERR.IMAGE_TYPE });
    const photo = jpg(800, 600);
    expect(refusal(photo.subarray(0, photo.length - 10))).toEqual({ status: 400, key: ERR.IMAGE_TYPE });
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toEqual({
      status: 400,
      key: ERR.IMAGE_TYPE,
    });
  });
});
