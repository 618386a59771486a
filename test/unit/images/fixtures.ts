/**
 * Small, decodable images assembled byte by byte, each carrying the kinds of metadata a phone or an
 * editor writes (GPS position, XMP, comments, IPTC). Built in code rather than stored as binary files
 * so every byte a test relies on is visible here.
 */

type ByteSource = Uint8Array | readonly number[] | string;

/** Concatenates byte arrays, number lists and ASCII strings. */
export function bytes(...parts: ByteSource[]): Uint8Array {
  const arrays = parts.map((part) =>
    typeof part === "string" ? Uint8Array.from(part, (char) => char.charCodeAt(0)) : Uint8Array.from(part),
  );
  const out = new Uint8Array(arrays.reduce((total, array) => total + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    out.set(array, offset);
    offset += array.length;
  }
  return out;
}

export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let start = from; start + needle.length <= haystack.length; start += 1) {
    for (let index = 0; index < needle.length; index += 1) {
      if (haystack[start + index] !== needle[index]) continue outer;
    }
    return start;
  }
  return -1;
}

/** Whether the ASCII text occurs anywhere in the bytes. */
export function contains(haystack: Uint8Array, needle: string): boolean {
  return indexOfBytes(haystack, bytes(needle)) !== -1;
}

/** Whether every part occurs, unbroken, after the end of the previous one. */
export function containsInOrder(haystack: Uint8Array, parts: readonly Uint8Array[]): boolean {
  let from = 0;
  for (const part of parts) {
    const at = indexOfBytes(haystack, part, from);
    if (at === -1) return false;
    from = at + part.length;
  }
  return true;
}

function u16be(value: number): number[] {
  return [(value >>> 8) & 0xff, value & 0xff];
}

function u32be(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function u16le(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff];
}

function u32le(value: number): number[] {
  return u32be(value).reverse();
}

// --- checksums ------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG (and zip) define it. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

// --- JPEG -----------------------------------------------------------------------------------------

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  return bytes([0xff, marker], u16be(payload.length + 2), payload);
}

/** A big-endian TIFF (Exif) block: IFD0 with an ImageDescription and a pointer to a GPS IFD. */
function exifTiff(): { tiff: Uint8Array; gpsIfd: Uint8Array } {
  const description = bytes("GPSLatitude-TEST", [0]);
  const ifd0Offset = 8;
  const gpsIfdOffset = ifd0Offset + 2 + 2 * 12 + 4;
  const rationalsOffset = gpsIfdOffset + 2 + 2 * 12 + 4;
  const descriptionOffset = rationalsOffset + 3 * 8;
  const ifd0 = bytes(
    u16be(2),
    [...u16be(0x010e), ...u16be(2), ...u32be(description.length), ...u32be(descriptionOffset)],
    [...u16be(0x8825), ...u16be(4), ...u32be(1), ...u32be(gpsIfdOffset)],
    u32be(0),
  );
  const gpsIfd = bytes(
    u16be(2),
    // GPSLatitudeRef "N", GPSLatitude 51/1 30/1 1234/100 (51°30'12.34").
    [...u16be(0x0001), ...u16be(2), ...u32be(2), 0x4e, 0, 0, 0],
    [...u16be(0x0002), ...u16be(5), ...u32be(3), ...u32be(rationalsOffset)],
    u32be(0),
    [...u32be(51), ...u32be(1), ...u32be(30), ...u32be(1), ...u32be(1234), ...u32be(100)],
  );
  return { tiff: bytes("MM", [0, 0x2a], u32be(ifd0Offset), ifd0, gpsIfd, description), gpsIfd };
}

/** The GPS IFD (entries and latitude rationals) inside the JPEG fixture's Exif segment. */
export const JPEG_GPS_IFD = exifTiff().gpsIfd;

/** A minimal ICC profile header ("acsp", monitor class, grey); enough for decoders to accept. */
const ICC_PROFILE = (() => {
  const profile = new Uint8Array(132);
  profile.set(u32be(132), 0);
  profile.set(u32be(0x02100000), 8);
  profile.set(bytes("mntrGRAYXYZ "), 12);
  profile.set(bytes("acsp"), 36);
  profile.set([...u32be(0xf6d6), ...u32be(0x10000), ...u32be(0xd32d)], 68);
  return profile;
})();

export const JPEG_JFIF = jpegSegment(0xe0, bytes("JFIF", [0, 1, 1, 0], u16be(1), u16be(1), [0, 0]));
export const JPEG_EXIF = jpegSegment(0xe1, bytes("Exif", [0, 0], exifTiff().tiff));
export const JPEG_XMP = jpegSegment(
  0xe1,
  bytes("http://ns.adobe.com/xap/1.0/", [0], '<x:xmpmeta xmlns:x="adobe:ns:meta/">SECRET-XMP</x:xmpmeta>'),
);
export const JPEG_ICC = jpegSegment(0xe2, bytes("ICC_PROFILE", [0, 1, 1], ICC_PROFILE));
export const JPEG_IPTC = jpegSegment(
  0xed,
  bytes("Photoshop 3.0", [0], "8BIM", u16be(0x0404), [0, 0], u32be(16), [0x1c, 2, 120], u16be(11), "SECRET-IPTC"),
);
/** Adobe APP14: DCTEncodeVersion 100, no flags, transform 0 (no colour conversion). */
export const JPEG_ADOBE = jpegSegment(0xee, bytes("Adobe", u16be(100), u16be(0), u16be(0), [0]));
export const JPEG_COMMENT = jpegSegment(0xfe, bytes("SECRET-COMMENT"));
/** One quantisation table of ones, so coefficients pass through unchanged. */
export const JPEG_DQT = jpegSegment(0xdb, bytes([0x00], new Array(64).fill(1)));
/** Baseline, 8-bit, 8 lines of 16 pixels, one grey component sampled 1x1 using table 0. */
export const JPEG_SOF0 = jpegSegment(0xc0, bytes([8], u16be(8), u16be(16), [1, 1, 0x11, 0]));
/**
 * DC table 0 has one code, "0" for category 5; AC table 0 has "0" for end-of-block and "10" for
 * run 0 / size 10. Small enough to hand-encode the scan below.
 */
export const JPEG_DHT = jpegSegment(
  0xc4,
  bytes([0x00, 1, ...new Array(15).fill(0), 5], [0x10, 1, 1, ...new Array(14).fill(0), 0x00, 0x0a]),
);
/** A restart marker after every MCU, so the two-block scan contains RST0. */
export const JPEG_DRI = jpegSegment(0xdd, bytes(u16be(1)));
export const JPEG_SOS = jpegSegment(0xda, bytes([1, 1, 0x00, 0, 63, 0]));
/**
 * Each MCU: DC "0" + 00000 (difference -31), AC "10" + ten 1 bits (coefficient 1023), EOB "0",
 * padded with 1 bits: 0x02 0xFF 0xDF, where the 0xFF data byte must be stuffed as FF 00.
 * The DC predictor resets at RST0, so the second MCU encodes the same way.
 */
export const JPEG_SCAN_DATA = bytes([0x02, 0xff, 0x00, 0xdf], [0xff, 0xd0], [0x02, 0xff, 0x00, 0xdf]);
export const JPEG_EOI = bytes([0xff, 0xd9]);

/** A 16x8 grey baseline JPEG with JFIF, Exif GPS, XMP, ICC, IPTC, Adobe and a comment. */
export function jpegWithMetadata(): Uint8Array {
  return bytes(
    [0xff, 0xd8],
    JPEG_JFIF,
    JPEG_EXIF,
    JPEG_XMP,
    JPEG_ICC,
    JPEG_IPTC,
    JPEG_ADOBE,
    JPEG_COMMENT,
    JPEG_DQT,
    JPEG_SOF0,
    JPEG_DHT,
    JPEG_DRI,
    JPEG_SOS,
    JPEG_SCAN_DATA,
    JPEG_EOI,
  );
}

// --- PNG ------------------------------------------------------------------------------------------

export const PNG_SIGNATURE = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = bytes(type, data);
  return bytes(u32be(data.length), typeAndData, u32be(crc32(typeAndData)));
}

/** A zlib stream holding the data in one stored (uncompressed) deflate block. */
function zlibStored(data: Uint8Array): Uint8Array {
  return bytes([0x78, 0x01, 0x01], u16le(data.length), u16le(~data.length & 0xffff), data, u32be(adler32(data)));
}

/** 1x1, 8-bit truecolour, no interlace. */
export const PNG_IHDR = pngChunk("IHDR", bytes(u32be(1), u32be(1), [8, 2, 0, 0, 0]));
/** Filter type 0, then one orange pixel. */
export const PNG_IDAT = pngChunk("IDAT", zlibStored(bytes([0, 0xff, 0x80, 0x00])));
export const PNG_SRGB = pngChunk("sRGB", bytes([0]));
export const PNG_IEND = pngChunk("IEND", bytes());

/** A 1x1 PNG with tIME, tEXt, iTXt (XMP) and eXIf chunks around its image data. */
export function pngWithMetadata(): Uint8Array {
  return bytes(
    PNG_SIGNATURE,
    PNG_IHDR,
    PNG_SRGB,
    pngChunk("tIME", bytes(u16be(2024), [5, 17, 12, 30, 45])),
    pngChunk("tEXt", bytes("Comment", [0], "SECRET-TEXT")),
    pngChunk("iTXt", bytes("XML:com.adobe.xmp", [0, 0, 0, 0, 0], "<x:xmpmeta>SECRET-XMP</x:xmpmeta>")),
    pngChunk("eXIf", bytes("MM", [0, 0x2a], u32be(8), u16be(0), u32be(0), "GPS-SECRET")),
    PNG_IDAT,
    PNG_IEND,
  );
}

// --- WebP -----------------------------------------------------------------------------------------

export function riffChunk(fourcc: string, data: Uint8Array): Uint8Array {
  return bytes(fourcc, u32le(data.length), data, data.length % 2 ? [0] : []);
}

export function riff(chunks: readonly Uint8Array[]): Uint8Array {
  const body = bytes(...chunks);
  return bytes("RIFF", u32le(4 + body.length), "WEBP", body);
}

export const VP8X_ALPHA_FLAG = 0x10;
export const VP8X_EXIF_FLAG = 0x08;
export const VP8X_XMP_FLAG = 0x04;

/** A lossless 1x1 bitstream (13 bytes, so its chunk carries a pad byte). */
export const WEBP_VP8L = riffChunk(
  "VP8L",
  bytes([0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07]),
);

/** A 1x1 extended-format WebP whose VP8X announces alpha, EXIF and XMP. */
export function webpWithMetadata(): Uint8Array {
  const flags = VP8X_ALPHA_FLAG | VP8X_EXIF_FLAG | VP8X_XMP_FLAG;
  return riff([
    riffChunk("VP8X", bytes([flags, 0, 0, 0], [0, 0, 0], [0, 0, 0])),
    WEBP_VP8L,
    riffChunk("EXIF", bytes("MM", [0, 0x2a], u32be(8), u16be(0), u32be(0), "GPS-SECRET")),
    // 33 bytes: odd, so the chunk after it would start on a pad byte.
    riffChunk("XMP ", bytes("<x:xmpmeta>SECRET-XMP</x:xmpmeta>")),
  ]);
}

// --- GIF ------------------------------------------------------------------------------------------

/** Splits data into GIF sub-blocks of at most 255 bytes, ended by a zero-length block. */
export function gifSubBlocks(data: Uint8Array): Uint8Array {
  const blocks: ByteSource[] = [];
  for (let offset = 0; offset < data.length; offset += 255) {
    const block = data.subarray(offset, offset + 255);
    blocks.push([block.length], block);
  }
  return bytes(...blocks, [0]);
}

/** Loop forever. */
export const GIF_NETSCAPE_LOOP = bytes([0x21, 0xff, 11], "NETSCAPE2.0", [3, 1], u16le(0), [0]);
/** No disposal, no delay, no transparency. */
export const GIF_GRAPHIC_CONTROL = bytes([0x21, 0xf9, 4, 0, 0, 0, 0, 0]);
/** Descriptor at 0,0 sized 1x1 without a local colour table, then LZW (code size 2) for one pixel. */
export const GIF_IMAGE = bytes(
  [0x2c],
  u16le(0),
  u16le(0),
  u16le(1),
  u16le(1),
  [0],
  [2],
  gifSubBlocks(bytes([0x44, 0x01])),
);

/** A 1x1 GIF89a with a looping extension, a comment and an XMP application extension. */
export function gifWithMetadata(): Uint8Array {
  return bytes(
    "GIF89a",
    // Logical screen 1x1, global colour table of two entries: black and white.
    u16le(1),
    u16le(1),
    [0x80, 0, 0],
    [0, 0, 0, 0xff, 0xff, 0xff],
    GIF_NETSCAPE_LOOP,
    [0x21, 0xfe],
    gifSubBlocks(bytes("SECRET-COMMENT")),
    [0x21, 0xff, 11],
    "XMP DataXMP",
    gifSubBlocks(bytes("<x:xmpmeta>SECRET-XMP</x:xmpmeta>")),
    GIF_GRAPHIC_CONTROL,
    GIF_IMAGE,
    [0x3b],
  );
}
