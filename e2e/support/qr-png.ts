// Reads a QR code back out of a PNG, the way a payer's banking app would from
// an uploaded image, so a test can compare what is encoded with what was issued.
import jsQR from "jsqr";
import { PNG } from "pngjs";

export type DecodedQrPng = { width: number; height: number; text: string | null };

export function decodeQrPng(file: Buffer): DecodedQrPng {
  const png = PNG.sync.read(file);
  const rgba = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength);
  return { width: png.width, height: png.height, text: jsQR(rgba, png.width, png.height)?.data ?? null };
}
