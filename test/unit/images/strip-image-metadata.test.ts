import { describe, expect, it } from "vitest";
import { sniffImageType } from "~/shared/image-type";
import type { AcceptedImageType } from "~/shared/uploads";
import { InvalidImageError, stripImageMetadata } from "../../../worker/images/strip-image-metadata";
import {
  bytes,
  contains,
  containsInOrder,
  crc32,
  GIF_GRAPHIC_CONTROL,
  GIF_IMAGE,
  GIF_NETSCAPE_LOOP,
  gifSubBlocks,
  gifWithMetadata,
  indexOfBytes,
  JPEG_ADOBE,
  JPEG_DHT,
  JPEG_DQT,
  JPEG_DRI,
  JPEG_EOI,
  JPEG_GPS_IFD,
  JPEG_ICC,
  JPEG_JFIF,
  JPEG_SCAN_DATA,
  JPEG_SOF0,
  JPEG_SOS,
  jpegSegment,
  jpegWithMetadata,
  PNG_IDAT,
  PNG_IEND,
  PNG_IHDR,
  PNG_SIGNATURE,
  PNG_SRGB,
  pngChunk,
  pngWithMetadata,
  riff,
  riffChunk,
  VP8X_ALPHA_FLAG,
  WEBP_VP8L,
  webpWithMetadata,
} from "./fixtures";

function u32le(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset).getUint32(offset, true);
}

function u32be(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset).getUint32(offset, false);
}

function ascii(data: Uint8Array): string {
  return String.fromCharCode(...data);
}

/** Chunk types of a PNG, in order, each with whether its stored CRC matches its type and data. */
function pngChunks(png: Uint8Array): { type: string; crcValid: boolean }[] {
  const chunks: { type: string; crcValid: boolean }[] = [];
  let pos = 8;
  while (pos < png.length) {
    const length = u32be(png, pos);
    const typeAndData = png.subarray(pos + 4, pos + 8 + length);
    chunks.push({
      type: ascii(typeAndData.subarray(0, 4)),
      crcValid: crc32(typeAndData) === u32be(png, pos + 8 + length),
    });
    pos += 12 + length;
  }
  return chunks;
}

/** FourCCs of a WebP's chunks, in order, with each chunk's payload. */
function riffChunks(webp: Uint8Array): { fourcc: string; data: Uint8Array }[] {
  const chunks: { fourcc: string; data: Uint8Array }[] = [];
  let pos = 12;
  while (pos < webp.length) {
    const size = u32le(webp, pos + 4);
    chunks.push({ fourcc: ascii(webp.subarray(pos, pos + 4)), data: webp.subarray(pos + 8, pos + 8 + size) });
    pos += 8 + size + (size % 2);
  }
  return chunks;
}

function expectEveryPrefixRejected(image: Uint8Array, type: AcceptedImageType): void {
  for (let length = 0; length < image.length; length += 1) {
    expect(() => stripImageMetadata(image.subarray(0, length), type), `first ${length} bytes`).toThrow(
      InvalidImageError,
    );
  }
}

describe("stripImageMetadata for JPEG", () => {
  const original = jpegWithMetadata();
  const stripped = stripImageMetadata(original, "image/jpeg");

  it("removes the Exif GPS data, XMP, IPTC and the comment", () => {
    expect(contains(original, "GPSLatitude-TEST")).toBe(true);
    expect(contains(stripped, "GPSLatitude-TEST")).toBe(false);
    expect(indexOfBytes(stripped, JPEG_GPS_IFD)).toBe(-1);
    expect(contains(stripped, "Exif")).toBe(false);
    expect(contains(stripped, "http://ns.adobe.com/xap/1.0/")).toBe(false);
    expect(contains(stripped, "SECRET-XMP")).toBe(false);
    expect(contains(stripped, "Photoshop 3.0")).toBe(false);
    expect(contains(stripped, "SECRET-IPTC")).toBe(false);
    expect(contains(stripped, "SECRET-COMMENT")).toBe(false);
  });

  it("keeps JFIF, the colour segments, the tables and the scan data with its restart marker, in order", () => {
    expect(
      containsInOrder(stripped, [
        bytes([0xff, 0xd8]),
        JPEG_JFIF,
        JPEG_ICC,
        JPEG_ADOBE,
        JPEG_DQT,
        JPEG_SOF0,
        JPEG_DHT,
        JPEG_DRI,
        JPEG_SOS,
        JPEG_SCAN_DATA,
        JPEG_EOI,
      ]),
    ).toBe(true);
    expect(stripped.subarray(0, 2)).toEqual(bytes([0xff, 0xd8]));
    expect(stripped.subarray(-2)).toEqual(JPEG_EOI);
  });

  it("leaves an image a sniffer still recognises as JPEG", () => {
    expect(sniffImageType(stripped)).toBe("image/jpeg");
  });

  it("changes nothing when run on its own output", () => {
    expect(stripImageMetadata(stripped, "image/jpeg")).toEqual(stripped);
  });

  it("returns a new array instead of a view of the upload", () => {
    expect(stripped.buffer).not.toBe(original.buffer);
  });

  it("collapses fill bytes before a marker and still drops the segment they precede", () => {
    const withFill = bytes(
      [0xff, 0xd8],
      [0xff, 0xff, 0xff],
      JPEG_JFIF,
      [0xff, 0xff],
      jpegSegment(0xfe, bytes("SECRET-COMMENT")),
      JPEG_DQT,
      JPEG_SOF0,
      JPEG_DHT,
      JPEG_DRI,
      JPEG_SOS,
      JPEG_SCAN_DATA,
      [0xff],
      JPEG_EOI,
    );
    const result = stripImageMetadata(withFill, "image/jpeg");
    expect(contains(result, "SECRET-COMMENT")).toBe(false);
    expect(result).toEqual(
      bytes([0xff, 0xd8], JPEG_JFIF, JPEG_DQT, JPEG_SOF0, JPEG_DHT, JPEG_DRI, JPEG_SOS, JPEG_SCAN_DATA, JPEG_EOI),
    );
  });

  it("treats a restart marker preceded by fill bytes as part of the scan", () => {
    const scanWithFill = bytes([0x02, 0xff, 0x00, 0xdf], [0xff, 0xff, 0xd0], [0x02, 0xff, 0x00, 0xdf]);
    const image = bytes([0xff, 0xd8], JPEG_DQT, JPEG_SOF0, JPEG_DHT, JPEG_DRI, JPEG_SOS, scanWithFill, JPEG_EOI);
    expect(stripImageMetadata(image, "image/jpeg")).toEqual(
      bytes([0xff, 0xd8], JPEG_DQT, JPEG_SOF0, JPEG_DHT, JPEG_DRI, JPEG_SOS, JPEG_SCAN_DATA, JPEG_EOI),
    );
  });

  it("drops APP2 segments other than ICC profiles and APPn other than JFIF and Adobe", () => {
    const image = bytes(
      [0xff, 0xd8],
      jpegSegment(0xe2, bytes("MPF", [0], "SECRET-MPF")),
      jpegSegment(0xe3, bytes("SECRET-APP3")),
      jpegSegment(0xef, bytes("SECRET-APP15")),
      jpegSegment(0xe0, bytes("JFXX", [0, 0x10], "SECRET-THUMBNAIL")),
      JPEG_DQT,
      JPEG_SOF0,
      JPEG_DHT,
      JPEG_SOS,
      JPEG_SCAN_DATA,
      JPEG_EOI,
    );
    const result = stripImageMetadata(image, "image/jpeg");
    for (const secret of ["SECRET-MPF", "SECRET-APP3", "SECRET-APP15", "SECRET-THUMBNAIL"]) {
      expect(contains(result, secret), secret).toBe(false);
    }
    expect(result).toEqual(bytes([0xff, 0xd8], JPEG_DQT, JPEG_SOF0, JPEG_DHT, JPEG_SOS, JPEG_SCAN_DATA, JPEG_EOI));
  });

  it("removes the thumbnail a JFIF segment may embed but keeps the segment", () => {
    const jfifWithThumbnail = jpegSegment(0xe0, bytes("JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 1, 1], "RGB"));
    const image = bytes(
      [0xff, 0xd8],
      jfifWithThumbnail,
      JPEG_DQT,
      JPEG_SOF0,
      JPEG_DHT,
      JPEG_SOS,
      JPEG_SCAN_DATA,
      JPEG_EOI,
    );
    const result = stripImageMetadata(image, "image/jpeg");
    expect(result.subarray(2, 2 + JPEG_JFIF.length)).toEqual(JPEG_JFIF);
    expect(contains(result, "RGB")).toBe(false);
  });

  it("drops metadata segments between scans and anything appended after EOI", () => {
    const image = bytes(
      original.subarray(0, -2),
      jpegSegment(0xfe, bytes("SECRET-LATE-COMMENT")),
      JPEG_EOI,
      // Phones append further JPEGs (previews, depth maps) with their own Exif after EOI.
      [0xff, 0xd8],
      jpegSegment(0xe1, bytes("Exif", [0, 0], "SECRET-TRAILER")),
      JPEG_EOI,
    );
    const result = stripImageMetadata(image, "image/jpeg");
    expect(contains(result, "SECRET-LATE-COMMENT")).toBe(false);
    expect(contains(result, "SECRET-TRAILER")).toBe(false);
    expect(result).toEqual(stripped);
  });

  it("rejects data that does not start with SOI", () => {
    expect(() => stripImageMetadata(original.subarray(2), "image/jpeg")).toThrow(InvalidImageError);
    expect(() => stripImageMetadata(bytes("<svg/>"), "image/jpeg")).toThrow(InvalidImageError);
  });

  it("rejects a segment whose length runs past the end", () => {
    const image = bytes([0xff, 0xd8], [0xff, 0xe1, 0xff, 0xf0], "Exif");
    expect(() => stripImageMetadata(image, "image/jpeg")).toThrow(InvalidImageError);
  });

  it("rejects a segment length too small to hold itself", () => {
    const image = bytes(
      [0xff, 0xd8],
      [0xff, 0xfe, 0x00, 0x01],
      JPEG_DQT,
      JPEG_SOF0,
      JPEG_SOS,
      JPEG_SCAN_DATA,
      JPEG_EOI,
    );
    expect(() => stripImageMetadata(image, "image/jpeg")).toThrow(InvalidImageError);
  });

  it("rejects every truncation of the image", () => {
    expectEveryPrefixRejected(original, "image/jpeg");
  });
});

describe("stripImageMetadata for PNG", () => {
  const original = pngWithMetadata();
  const stripped = stripImageMetadata(original, "image/png");

  it("removes text, XMP, Exif and time chunks", () => {
    expect(contains(original, "SECRET-TEXT")).toBe(true);
    expect(contains(stripped, "SECRET-TEXT")).toBe(false);
    expect(contains(stripped, "SECRET-XMP")).toBe(false);
    expect(contains(stripped, "GPS-SECRET")).toBe(false);
    expect(pngChunks(stripped).map((chunk) => chunk.type)).toEqual(["IHDR", "sRGB", "IDAT", "IEND"]);
  });

  it("keeps the signature and the image chunks byte for byte, in order", () => {
    expect(stripped).toEqual(bytes(PNG_SIGNATURE, PNG_IHDR, PNG_SRGB, PNG_IDAT, PNG_IEND));
  });

  it("leaves every chunk with a valid CRC", () => {
    const chunks = pngChunks(stripped);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.crcValid)).toBe(true);
  });

  it("leaves an image a sniffer still recognises as PNG", () => {
    expect(sniffImageType(stripped)).toBe("image/png");
  });

  it("changes nothing when run on its own output", () => {
    expect(stripImageMetadata(stripped, "image/png")).toEqual(stripped);
  });

  it("drops anything appended after IEND", () => {
    const result = stripImageMetadata(bytes(original, "SECRET-TRAILER"), "image/png");
    expect(contains(result, "SECRET-TRAILER")).toBe(false);
    expect(result).toEqual(stripped);
  });

  it("rejects a PNG whose first chunk is not IHDR", () => {
    const image = bytes(PNG_SIGNATURE, PNG_SRGB, PNG_IHDR, PNG_IDAT, PNG_IEND);
    expect(() => stripImageMetadata(image, "image/png")).toThrow(InvalidImageError);
  });

  it("rejects a bad signature", () => {
    expect(() => stripImageMetadata(original.subarray(1), "image/png")).toThrow(InvalidImageError);
  });

  it("rejects a chunk length that runs past the end", () => {
    const image = bytes(PNG_SIGNATURE, PNG_IHDR, [0, 0, 0x10, 0], "tEXt", "short", PNG_IEND);
    expect(() => stripImageMetadata(image, "image/png")).toThrow(InvalidImageError);
  });

  it("rejects every truncation of the image", () => {
    expectEveryPrefixRejected(original, "image/png");
    expectEveryPrefixRejected(bytes(PNG_SIGNATURE, PNG_IHDR, pngChunk("IDAT", bytes()), PNG_IEND), "image/png");
  });
});

describe("stripImageMetadata for WebP", () => {
  const original = webpWithMetadata();
  const stripped = stripImageMetadata(original, "image/webp");

  it("removes the EXIF and XMP chunks", () => {
    expect(contains(original, "GPS-SECRET")).toBe(true);
    expect(contains(stripped, "GPS-SECRET")).toBe(false);
    expect(contains(stripped, "SECRET-XMP")).toBe(false);
    expect(riffChunks(stripped).map((chunk) => chunk.fourcc)).toEqual(["VP8X", "VP8L"]);
  });

  it("keeps the image chunk byte for byte, including its pad byte", () => {
    expect(indexOfBytes(stripped, WEBP_VP8L)).toBeGreaterThan(0);
    expect(stripped.length % 2).toBe(0);
  });

  it("rewrites the RIFF size to the new length", () => {
    expect(u32le(stripped, 4)).toBe(stripped.length - 8);
    expect(stripped.length).toBeLessThan(original.length);
  });

  it("clears the EXIF and XMP flags in VP8X and leaves the others", () => {
    const vp8x = riffChunks(stripped)[0];
    expect(vp8x?.fourcc).toBe("VP8X");
    expect(vp8x?.data[0]).toBe(VP8X_ALPHA_FLAG);
  });

  it("leaves an image a sniffer still recognises as WebP", () => {
    expect(sniffImageType(stripped)).toBe("image/webp");
  });

  it("changes nothing when run on its own output", () => {
    expect(stripImageMetadata(stripped, "image/webp")).toEqual(stripped);
  });

  it("walks past odd-sized chunks using their pad byte", () => {
    const image = riff([
      riffChunk("XMP ", bytes("<x:xmpmeta>SECRET-XMP</x:xmpmeta>")),
      WEBP_VP8L,
      riffChunk("EXIF", bytes("GPS-SECRET!")),
    ]);
    expect(stripImageMetadata(image, "image/webp")).toEqual(riff([WEBP_VP8L]));
  });

  it("drops anything after the RIFF end", () => {
    const result = stripImageMetadata(bytes(original, "SECRET-TRAILER"), "image/webp");
    expect(result).toEqual(stripped);
  });

  it("rejects a RIFF size larger than the data", () => {
    const image = riff([WEBP_VP8L]);
    image.set([0xff, 0xff, 0, 0], 4);
    expect(() => stripImageMetadata(image, "image/webp")).toThrow(InvalidImageError);
  });

  it("rejects a chunk size that runs past the RIFF end", () => {
    const image = riff([WEBP_VP8L]);
    image.set([0xff, 0, 0, 0], 16);
    expect(() => stripImageMetadata(image, "image/webp")).toThrow(InvalidImageError);
  });

  it("rejects every truncation of the image", () => {
    expectEveryPrefixRejected(original, "image/webp");
  });
});

describe("stripImageMetadata for GIF", () => {
  const original = gifWithMetadata();
  const stripped = stripImageMetadata(original, "image/gif");

  it("removes comments and XMP application extensions", () => {
    expect(contains(original, "SECRET-COMMENT")).toBe(true);
    expect(contains(stripped, "SECRET-COMMENT")).toBe(false);
    expect(contains(stripped, "XMP DataXMP")).toBe(false);
    expect(contains(stripped, "SECRET-XMP")).toBe(false);
  });

  it("keeps the screen, colour table, loop, graphic control and LZW data, in order", () => {
    expect(
      containsInOrder(stripped, [
        original.subarray(0, 19),
        GIF_NETSCAPE_LOOP,
        GIF_GRAPHIC_CONTROL,
        GIF_IMAGE,
        bytes([0x3b]),
      ]),
    ).toBe(true);
    expect(stripped).toEqual(
      bytes(original.subarray(0, 19), GIF_NETSCAPE_LOOP, GIF_GRAPHIC_CONTROL, GIF_IMAGE, [0x3b]),
    );
  });

  it("keeps an ANIMEXTS looping extension and image local colour tables", () => {
    const animExts = bytes([0x21, 0xff, 11], "ANIMEXTS1.0", [3, 1, 0, 0, 0]);
    const withLocalTable = bytes(
      [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80],
      [0, 0, 0, 1, 1, 1],
      [2],
      gifSubBlocks(bytes([0x44, 0x01])),
    );
    const image = bytes(original.subarray(0, 19), animExts, withLocalTable, [0x3b]);
    expect(stripImageMetadata(image, "image/gif")).toEqual(image);
  });

  it("leaves an image a sniffer still recognises as GIF", () => {
    expect(sniffImageType(stripped)).toBe("image/gif");
  });

  it("changes nothing when run on its own output", () => {
    expect(stripImageMetadata(stripped, "image/gif")).toEqual(stripped);
  });

  it("drops anything appended after the trailer", () => {
    expect(stripImageMetadata(bytes(original, "SECRET-TRAILER"), "image/gif")).toEqual(stripped);
  });

  it("rejects an unknown block type", () => {
    const image = bytes(original.subarray(0, 19), [0x99], GIF_IMAGE, [0x3b]);
    expect(() => stripImageMetadata(image, "image/gif")).toThrow(InvalidImageError);
  });

  it("rejects every truncation of the image", () => {
    expectEveryPrefixRejected(original, "image/gif");
  });
});
