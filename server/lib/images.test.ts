// Uploaded images (question images, bug-report screenshots) are checked from their header: a file
// cut short or declaring a picture no phone can decode is a translated 400, answered at once.
import { describe, expect, it } from 'vitest';
import { ERR } from '../../shared/errors.js';
import { jpg, png } from '../../tests/helpers/images.js';
import { checkImage } from './images.js';

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
