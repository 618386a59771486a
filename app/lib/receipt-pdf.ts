import { PageSizes, PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { type ReceiptView, receiptRows } from "~/shared/receipts";

/**
 * The receipt as an A4 portrait PDF with real (selectable, searchable) text in the standard
 * Helvetica fonts. This module, and pdf-lib with it, is loaded only when someone asks for the PDF.
 */
async function receiptPdf(receipt: ReceiptView, brandName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${brandName} donation receipt ${receipt.id}`);
  doc.setSubject(`Donation receipt ${receipt.id}`);
  doc.setAuthor(brandName);
  doc.setCreator(brandName);
  const page = doc.addPage(PageSizes.A4);
  const { width, height } = page.getSize();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const brand = rgb(0.31, 0.19, 0.7);
  const ink = rgb(0.12, 0.11, 0.18);
  const muted = rgb(0.34, 0.33, 0.31);
  const margin = 64;
  // Helvetica has no glyphs outside Windows-1252: anything else prints as a question mark.
  const write = (text: string, x: number, y: number, font: PDFFont, size: number, color = ink) =>
    page.drawText(printable(text, font), { x, y, size, font, color });

  let y = height - margin;
  write(brandName, margin, y, bold, 22, brand);
  y -= 36;
  write("Donation Receipt", margin, y, bold, 18);
  y -= 24;
  write("Thank you for your gift. It keeps free, anonymous support open to everyone.", margin, y, regular, 11, muted);
  y -= 36;
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 1, color: rgb(0.9, 0.89, 0.96) });
  y -= 28;
  for (const [label, value] of receiptRows(receipt)) {
    write(label, margin, y, regular, 12, muted);
    write(value, margin + 170, y, bold, 12);
    y -= 26;
  }
  y -= 12;
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 1, color: rgb(0.9, 0.89, 0.96) });
  y -= 28;
  write("The amount of your donation is kept private.", margin, y, regular, 10, muted);
  y -= 16;
  write("We offer emotional support, not professional mental health services.", margin, y, regular, 10, muted);
  return doc.save();
}

function printable(text: string, font: PDFFont): string {
  const glyphs = new Set(font.getCharacterSet());
  return [...text].map((char) => (glyphs.has(char.codePointAt(0) ?? 0) ? char : "?")).join("");
}

/** Builds the PDF and hands it to the browser as a download named after the receipt. */
export async function downloadReceiptPdf(receipt: ReceiptView, brandName: string): Promise<void> {
  const bytes = await receiptPdf(receipt, brandName);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${brandName.toLowerCase()}-receipt-${receipt.id}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
