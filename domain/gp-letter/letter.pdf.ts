import { formatDate, formatNumericDate, isoDay } from '../shared/clinical-time';
import { pdfColours, pdfMargin, pdfWriter } from '../shared/pdf';
import type { LetterDocument } from './gp-letter.service';

/*
 * The printed GP letter, as PDF (pdfkit, ADR 32): the organisation's letterhead, the GP's address,
 * the patient's identification, the date, the approved text and who approved it. A4 with the
 * margins a window envelope expects (domain/shared/pdf.ts).
 */

const margin = pdfMargin;
const { ink, muted, accent } = pdfColours;

export function letterPdf(document: LetterDocument): Promise<Buffer> {
  const { letter, organisation, patient, approvedBy, approverTitle, dispatchedAt } = document;
  const { pdf, width, finish } = pdfWriter({ Title: `Huisartsbrief — ${letter.subject}`, Author: organisation });

  // Letterhead
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(accent)
    .text(organisation || 'GGZ-instelling', margin, margin);
  pdf.font('Helvetica').fontSize(9).fillColor(muted).text('Geestelijke gezondheidszorg', { width });
  pdf
    .moveTo(margin, pdf.y + 6)
    .lineTo(margin + width, pdf.y + 6)
    .lineWidth(0.8)
    .strokeColor(accent)
    .stroke();

  // Addressee, in the window of a DL envelope
  pdf.font('Helvetica').fontSize(10.5).fillColor(ink);
  const addressLines = [letter.gp.name ?? '', letter.gp.practice ?? '', ...(letter.gp.address ?? '').split(/\r?\n/)].filter(Boolean);
  pdf.text(addressLines.join('\n'), margin, 140, { width: 260 });

  // Date and reference
  pdf.text(`Datum: ${formatDate(isoDay(dispatchedAt))}`, margin + width - 200, 140, { width: 200, align: 'right' });

  pdf.y = 240;
  pdf.x = margin;
  pdf.font('Helvetica-Bold').text(`Betreft: ${letter.subject}`, { width });
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fillColor(muted).fontSize(9.5);
  const identification = [
    `Patiënt: ${patient.name}`,
    patient.birthDate ? `geboren ${formatNumericDate(patient.birthDate)}` : '',
    patient.bsn ? `BSN ${patient.bsn}` : '',
  ].filter(Boolean);
  pdf.text(identification.join(' · '), { width });
  pdf.moveDown(1.2);

  // The approved text
  pdf.font('Helvetica').fontSize(10.5).fillColor(ink);
  for (const paragraph of (letter.finalText ?? '').split(/\r?\n\s*\r?\n/)) {
    pdf.text(paragraph.trim(), { width, align: 'left', lineGap: 2 });
    pdf.moveDown(0.8);
  }

  // Signature of the approver
  pdf.moveDown(0.6);
  pdf.font('Helvetica-Bold').text(approvedBy, { width });
  if (approverTitle) pdf.font('Helvetica').text(approverTitle, { width });
  pdf
    .font('Helvetica')
    .fillColor(muted)
    .fontSize(9)
    .text(`Goedgekeurd op ${letter.reviewedAt ? formatDate(isoDay(letter.reviewedAt)) : ''}`, { width });

  return finish();
}
