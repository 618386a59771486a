import { inflateSync } from "node:zlib";

/** Every text the PDF draws: its content streams, inflated, with pdf-lib's hex strings decoded. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const raw = bytes.toString("latin1");
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const data = Buffer.from(m[1] ?? "", "latin1");
    // A compressed stream whose last byte is a carriage return loses it to the pattern's optional
    // `\r` before `endstream` (one stream in 256): it is tried again with that byte.
    for (const candidate of [data, Buffer.concat([data, Buffer.from("\r", "latin1")])]) {
      try {
        return inflateSync(candidate).toString("latin1");
      } catch {
        // Not this one (or not compressed).
      }
    }
    return data.toString("latin1");
  });
  return streams
    .join("\n")
    .replace(/<([0-9A-Fa-f]+)>\s*Tj/g, (_, hex: string) => Buffer.from(hex, "hex").toString("latin1"));
}
