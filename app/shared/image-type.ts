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
 * The type of an uploaded image, decided from its leading bytes alone: the file name and the
 * Content-Type a client claims are attacker-controlled, and a browser shown an "image" that is really
 * SVG or HTML would run its scripts. Returns null for anything that is not one of the four accepted
 * formats, including SVG (which is text and can carry script), so callers reject it. The server
 * decides with it; the sign-up page asks it first, so a file that is no image is refused before an
 * account is made for a picture that could never be kept.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWithAt(bytes, 0, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWithAt(bytes, 0, PNG_SIGNATURE)) return "image/png";
  // Bytes 4..7 are the RIFF size; RIFF alone is also WAV and AVI, so the form type must say WEBP.
  if (startsWithAt(bytes, 0, RIFF) && startsWithAt(bytes, 8, WEBP)) return "image/webp";
  if (startsWithAt(bytes, 0, GIF87A) || startsWithAt(bytes, 0, GIF89A)) return "image/gif";
  return null;
}
