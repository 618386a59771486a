import { PageSizes, PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { type ReceiptView, receiptRows } from "~/shared/receipts";

/** Real, selectable text; this module and pdf-lib load only when someone asks for the PDF. */
async function receiptPdf(receipt: ReceiptView, brandName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.email_receipt_pdf_title({ brand: brandName, id: receipt.id }));
  doc.setSubject(m.email_receipt_pdf_subject({ id: receipt.id }));
  doc.setLanguage(getLocale());
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
  // Helvetica has no glyphs outside Windows-1252.
  const write = (text: string, x: number, y: number, font: PDFFont, size: number, color = ink) =>
    page.drawText(printable(text, font), { x, y, size, font, color });

  let y = height - margin;
  write(brandName, margin, y, bold, 22, brand);
  y -= 36;
  write(m.email_receipt_pdf_heading(), margin, y, bold, 18);
  y -= 24;
  write(m.email_receipt_pdf_thanks(), margin, y, regular, 11, muted);
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
  write(m.email_receipt_pdf_private(), margin, y, regular, 10, muted);
  y -= 16;
  write(m.email_disclaimer(), margin, y, regular, 10, muted);
  return doc.save();
}

function printable(text: string, font: PDFFont): string {
  const glyphs = new Set(font.getCharacterSet());
  return [...text].map((char) => (glyphs.has(char.codePointAt(0) ?? 0) ? char : "?")).join("");
}

export async function downloadReceiptPdf(receipt: ReceiptView, brandName: string): Promise<void> {
  const bytes = await receiptPdf(receipt, brandName);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = m.email_receipt_pdf_file({ brand: brandName.toLowerCase(), id: receipt.id });
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
