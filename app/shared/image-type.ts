import type { AcceptedImageType } from "~/shared/uploads";

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50]; // "WEBP"
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]; // "GIF87a"
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]; // "GIF89a"

function startsWithAt(bytes: Uint8Array, offset: number, signature: readonly number[]): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * From the leading bytes alone: a claimed name or type is attacker-controlled, and an "image" that is
 * really SVG or HTML would run its scripts. Null for anything else, SVG included.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWithAt(bytes, 0, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWithAt(bytes, 0, PNG_SIGNATURE)) return "image/png";
  // RIFF alone is also WAV and AVI, so the form type must say WEBP.
  if (startsWithAt(bytes, 0, RIFF) && startsWithAt(bytes, 8, WEBP)) return "image/webp";
  if (startsWithAt(bytes, 0, GIF87A) || startsWithAt(bytes, 0, GIF89A)) return "image/gif";
  return null;
}
