import PDFDocument from 'pdfkit';

/*
 * What every printed document of the product shares (pdfkit, ADR 32): A4, PDF's own Helvetica
 * (which covers Dutch accents), the colours of the screen, and the confidentiality footer on every
 * page. The documents themselves (the GP letter, the ward handover) lay out their own content.
 */

export const pdfMargin = 57; // 2 cm
export const pdfColours = { ink: '#17212b', muted: '#5a6775', accent: '#1d5c63', line: '#d5dde4' } as const;

export interface PdfWriter {
  pdf: PDFKit.PDFDocument;
  /** The usable width between the margins. */
  width: number;
  /** Adds the footer to every page and ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

export function pdfWriter(info: { Title: string; Author: string }): PdfWriter {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: pdfMargin, bottom: pdfMargin + 20, left: pdfMargin, right: pdfMargin },
    info: { ...info, Creator: 'GGZ-EPD' },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * pdfMargin;
  return {
    pdf,
    width,
    finish() {
      const pages = pdf.bufferedPageRange();
      for (let index = 0; index < pages.count; index++) {
        pdf.switchToPage(pages.start + index);
        // Written inside the bottom margin, which would otherwise start a new page.
        pdf.page.margins.bottom = 0;
        pdf
          .font('Helvetica')
          .fontSize(8)
          .fillColor(pdfColours.muted)
          .text(`Vertrouwelijk: medische gegevens · pagina ${index + 1} van ${pages.count}`, pdfMargin, pdf.page.height - pdfMargin, {
            width,
            align: 'center',
            lineBreak: false,
          });
      }
      pdf.end();
      return done;
    },
  };
}
