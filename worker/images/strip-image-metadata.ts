import type { AcceptedImageType } from "~/shared/uploads";

/** A file we cannot walk is a file we cannot promise to have cleaned: the endpoint answers 400. */
export class InvalidImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidImageError";
  }
}

/**
 * Drops what can identify or locate the photographer (Exif GPS, serial numbers, XMP/IPTC, comments,
 * thumbnails of the unedited picture); what a viewer needs is kept byte-for-byte, never re-encoded.
 * `type` must come from sniffImageType, never from the client.
 */
export function stripImageMetadata(bytes: Uint8Array, type: AcceptedImageType): Uint8Array {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
    case "image/gif":
      return stripGif(bytes);
  }
}

/** Copies once, so the result never aliases the upload. */
class ByteSink {
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  push(part: Uint8Array): void {
    this.parts.push(part);
    this.length += part.length;
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

// Every read goes through byteAt/take, so running off the end of a truncated file always surfaces
// as InvalidImageError instead of an undefined that silently becomes 0.
function byteAt(bytes: Uint8Array, offset: number): number {
  const value = bytes[offset];
  if (value === undefined) throw new InvalidImageError("Image data ends unexpectedly");
  return value;
}

function take(bytes: Uint8Array, start: number, length: number): Uint8Array {
  if (start + length > bytes.length) throw new InvalidImageError("Image data ends unexpectedly");
  return bytes.subarray(start, start + length);
}

function u16be(bytes: Uint8Array, offset: number): number {
  return byteAt(bytes, offset) * 0x100 + byteAt(bytes, offset + 1);
}

function u32be(bytes: Uint8Array, offset: number): number {
  return u16be(bytes, offset) * 0x10000 + u16be(bytes, offset + 2);
}

function u32le(bytes: Uint8Array, offset: number): number {
  return (
    byteAt(bytes, offset) +
    byteAt(bytes, offset + 1) * 0x100 +
    byteAt(bytes, offset + 2) * 0x10000 +
    byteAt(bytes, offset + 3) * 0x1000000
  );
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...take(bytes, offset, length));
}

function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset + text.length > bytes.length) return false;
  return ascii(bytes, offset, text.length) === text;
}

// --- JPEG -----------------------------------------------------------------------------------------

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
const JPEG_TEM = 0x01;
const JPEG_COM = 0xfe;
const JPEG_APP0 = 0xe0;
const JPEG_APP2 = 0xe2;
const JPEG_APP14 = 0xee;
const JPEG_APP15 = 0xef;
const JFIF_HEADER_LENGTH = 12;

function isRestartMarker(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

function keepJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === JPEG_COM) return false;
  if (marker < JPEG_APP0 || marker > JPEG_APP15) return true;
  if (marker === JPEG_APP0) return hasAscii(payload, 0, "JFIF\0") && payload.length >= JFIF_HEADER_LENGTH + 2;
  // APP2 also carries FlashPix and MPF (whose index points at extra images appended after EOI).
  if (marker === JPEG_APP2) return hasAscii(payload, 0, "ICC_PROFILE\0");
  // Decoders read the Adobe segment to know whether YCC or YCCK must be converted back to RGB/CMYK.
  if (marker === JPEG_APP14) return hasAscii(payload, 0, "Adobe");
  return false;
}

/** The thumbnail can show the picture as it was before cropping. */
function jfifWithoutThumbnail(payload: Uint8Array): Uint8Array {
  const segmentLength = 2 + JFIF_HEADER_LENGTH + 2;
  const segment = new Uint8Array(2 + segmentLength);
  segment.set([0xff, JPEG_APP0, 0, segmentLength]);
  segment.set(payload.subarray(0, JFIF_HEADER_LENGTH), 4);
  return segment;
}

/** Inside a scan FF 00 is an escaped data byte and RSTn are data; anything else ends the scan. */
function endOfEntropyCodedData(bytes: Uint8Array, start: number): number {
  let pos = start;
  for (;;) {
    if (byteAt(bytes, pos) !== 0xff) {
      pos += 1;
      continue;
    }
    const next = byteAt(bytes, pos + 1);
    if (next !== 0x00 && !isRestartMarker(next)) return pos;
    pos += 2;
  }
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (byteAt(bytes, 0) !== 0xff || byteAt(bytes, 1) !== JPEG_SOI) throw new InvalidImageError("JPEG: missing SOI");
  const out = new ByteSink();
  out.push(bytes.subarray(0, 2));
  let pos = 2;
  let inScan = false;
  // Walked rather than copied to the end: COM/APPn may sit between progressive scans, and phones
  // append whole extra JPEGs (with their own Exif and GPS) after EOI.
  for (;;) {
    if (byteAt(bytes, pos) !== 0xff) throw new InvalidImageError("JPEG: expected a marker");
    // A marker may be preceded by any number of FF fill bytes; one FF is all a decoder needs.
    while (byteAt(bytes, pos + 1) === 0xff) pos += 1;
    const marker = byteAt(bytes, pos + 1);
    if (marker === 0x00 || marker === JPEG_SOI) throw new InvalidImageError("JPEG: unexpected marker");
    if (marker === JPEG_EOI) {
      if (!inScan) throw new InvalidImageError("JPEG: no image data before EOI");
      out.push(bytes.subarray(pos, pos + 2));
      return out.toBytes();
    }
    if (marker === JPEG_TEM || isRestartMarker(marker)) {
      if (isRestartMarker(marker) && !inScan) throw new InvalidImageError("JPEG: restart marker outside a scan");
      out.push(bytes.subarray(pos, pos + 2));
      pos += 2;
      if (inScan) {
        const scanEnd = endOfEntropyCodedData(bytes, pos);
        out.push(bytes.subarray(pos, scanEnd));
        pos = scanEnd;
      }
      continue;
    }
    const length = u16be(bytes, pos + 2);
    const segmentEnd = pos + 2 + length;
    if (length < 2 || segmentEnd > bytes.length) throw new InvalidImageError("JPEG: segment runs past the end");
    const payload = bytes.subarray(pos + 4, segmentEnd);
    if (keepJpegSegment(marker, payload)) {
      out.push(marker === JPEG_APP0 ? jfifWithoutThumbnail(payload) : bytes.subarray(pos, segmentEnd));
    }
    pos = segmentEnd;
    if (marker === JPEG_SOS) {
      inScan = true;
      const scanEnd = endOfEntropyCodedData(bytes, pos);
      out.push(bytes.subarray(pos, scanEnd));
      pos = scanEnd;
    }
  }
}

// --- PNG ------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Free text (author, software, often Exif-like data) and the last-modified time. */
const DROPPED_PNG_CHUNKS = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);
const PNG_MAX_CHUNK_LENGTH = 0x7fffffff;

function stripPng(bytes: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw new InvalidImageError("PNG: bad signature");
  const out = new ByteSink();
  out.push(bytes.subarray(0, PNG_SIGNATURE.length));
  let pos = PNG_SIGNATURE.length;
  let first = true;
  for (;;) {
    const length = u32be(bytes, pos);
    const type = ascii(bytes, pos + 4, 4);
    // Length, type, data, CRC.
    const chunkEnd = pos + 12 + length;
    if (length > PNG_MAX_CHUNK_LENGTH || chunkEnd > bytes.length) {
      throw new InvalidImageError("PNG: chunk runs past the end");
    }
    if (first && type !== "IHDR") throw new InvalidImageError("PNG: IHDR must come first");
    first = false;
    if (!DROPPED_PNG_CHUNKS.has(type)) out.push(bytes.subarray(pos, chunkEnd));
    pos = chunkEnd;
    // Anything after IEND is invisible to viewers but not to whoever downloads the file.
    if (type === "IEND") return out.toBytes();
  }
}

// --- WebP -----------------------------------------------------------------------------------------

const DROPPED_WEBP_CHUNKS = new Set(["EXIF", "XMP "]);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;
const VP8X_PAYLOAD_LENGTH = 10;

function stripWebp(bytes: Uint8Array): Uint8Array {
  if (!hasAscii(bytes, 0, "RIFF") || !hasAscii(bytes, 8, "WEBP")) throw new InvalidImageError("WebP: not a RIFF WEBP");
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd < 12 || riffEnd > bytes.length) throw new InvalidImageError("WebP: RIFF size does not fit");
  const chunks = new ByteSink();
  let chunkCount = 0;
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) throw new InvalidImageError("WebP: chunk header runs past the RIFF end");
    const fourcc = ascii(bytes, pos, 4);
    const size = u32le(bytes, pos + 4);
    // RIFF pads every chunk to an even size; the pad byte is not counted in the chunk size.
    const chunkEnd = pos + 8 + size + (size % 2);
    if (chunkEnd > riffEnd) throw new InvalidImageError("WebP: chunk runs past the RIFF end");
    if (!DROPPED_WEBP_CHUNKS.has(fourcc)) {
      if (fourcc === "VP8X") {
        if (size < VP8X_PAYLOAD_LENGTH) throw new InvalidImageError("WebP: VP8X chunk too short");
        // Flags announcing chunks that are gone would make strict decoders look for them.
        const vp8x = bytes.slice(pos, chunkEnd);
        vp8x[8] = byteAt(vp8x, 8) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
        chunks.push(vp8x);
      } else {
        chunks.push(bytes.subarray(pos, chunkEnd));
      }
      chunkCount += 1;
    }
    pos = chunkEnd;
  }
  if (chunkCount === 0) throw new InvalidImageError("WebP: no image chunk");
  const body = chunks.toBytes();
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 4));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(bytes.subarray(8, 12), 8);
  out.set(body, 12);
  return out;
}

// --- GIF ------------------------------------------------------------------------------------------

const GIF_EXTENSION = 0x21;
const GIF_IMAGE_DESCRIPTOR = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_PLAIN_TEXT = 0x01;
const GIF_GRAPHIC_CONTROL = 0xf9;
const GIF_APPLICATION = 0xff;
/** Only make an animation loop; every other one is opaque data. */
const KEPT_GIF_APPLICATIONS = ["NETSCAPE2.0", "ANIMEXTS1.0"];

function gifColourTableLength(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

function endOfSubBlocks(bytes: Uint8Array, start: number): number {
  let pos = start;
  for (;;) {
    const size = byteAt(bytes, pos);
    pos += 1 + size;
    if (size === 0) return pos;
  }
}

function keepGifExtension(bytes: Uint8Array, pos: number, label: number): boolean {
  if (label === GIF_GRAPHIC_CONTROL || label === GIF_PLAIN_TEXT) return true;
  if (label !== GIF_APPLICATION || byteAt(bytes, pos + 2) !== 11) return false;
  return KEPT_GIF_APPLICATIONS.some((identifier) => hasAscii(bytes, pos + 3, identifier));
}

function stripGif(bytes: Uint8Array): Uint8Array {
  if (!hasAscii(bytes, 0, "GIF87a") && !hasAscii(bytes, 0, "GIF89a")) throw new InvalidImageError("GIF: bad header");
  // Header (6), logical screen descriptor (7), then the optional global colour table.
  const screenEnd = 13 + gifColourTableLength(byteAt(bytes, 10));
  const out = new ByteSink();
  out.push(take(bytes, 0, screenEnd));
  let pos = screenEnd;
  for (;;) {
    const introducer = byteAt(bytes, pos);
    if (introducer === GIF_TRAILER) {
      out.push(bytes.subarray(pos, pos + 1));
      return out.toBytes();
    }
    if (introducer === GIF_IMAGE_DESCRIPTOR) {
      // Descriptor (10), local colour table, LZW minimum code size (1), then the data sub-blocks.
      const descriptorEnd = pos + 10 + gifColourTableLength(byteAt(bytes, pos + 9));
      const imageEnd = endOfSubBlocks(bytes, descriptorEnd + 1);
      out.push(take(bytes, pos, imageEnd - pos));
      pos = imageEnd;
      continue;
    }
    if (introducer === GIF_EXTENSION) {
      const label = byteAt(bytes, pos + 1);
      const extensionEnd = endOfSubBlocks(bytes, pos + 2);
      if (keepGifExtension(bytes, pos, label)) out.push(take(bytes, pos, extensionEnd - pos));
      pos = extensionEnd;
      continue;
    }
    throw new InvalidImageError("GIF: unknown block");
  }
}
