import { describe, expect, it } from "vitest";
import { sniffImageType } from "~/shared/image-type";
import { bytes, gifWithMetadata, jpegWithMetadata, pngWithMetadata, webpWithMetadata } from "./fixtures";

describe("sniffImageType", () => {
  it("recognises each accepted format from its bytes", () => {
    expect(sniffImageType(jpegWithMetadata())).toBe("image/jpeg");
    expect(sniffImageType(pngWithMetadata())).toBe("image/png");
    expect(sniffImageType(webpWithMetadata())).toBe("image/webp");
    expect(sniffImageType(gifWithMetadata())).toBe("image/gif");
  });

  it("recognises a GIF87a as well as a GIF89a", () => {
    const gif87 = gifWithMetadata();
    gif87.set(bytes("GIF87a"));
    expect(sniffImageType(gif87)).toBe("image/gif");
  });

  it("rejects an SVG, which is text and can carry script", () => {
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(sniffImageType(svg)).toBeNull();
    expect(sniffImageType(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it("rejects an HTML document, a PDF and plain text", () => {
    expect(sniffImageType(bytes("<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>"))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"))).toBeNull();
    expect(sniffImageType(bytes("just some text, not a picture"))).toBeNull();
  });

  it("rejects empty input and a few arbitrary bytes", () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(bytes([0x9c, 0x17, 0xe4]))).toBeNull();
  });

  it("rejects signatures cut short, so a prefix alone is never enough", () => {
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(pngWithMetadata().subarray(0, 7))).toBeNull();
    expect(sniffImageType(bytes("GIF89"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WEB"))).toBeNull();
  });

  it("rejects other RIFF files such as WAV", () => {
    expect(sniffImageType(bytes("RIFF", [36, 0, 0, 0], "WAVEfmt "))).toBeNull();
  });

  it("ignores a claimed type hidden later in the file", () => {
    expect(sniffImageType(bytes(" ", jpegWithMetadata()))).toBeNull();
    expect(sniffImageType(bytes("<html>", gifWithMetadata()))).toBeNull();
  });
});
