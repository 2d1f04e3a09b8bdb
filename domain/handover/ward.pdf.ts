import { formatDateTime, formatNumericDate, formatTime } from '../shared/clinical-time';
import { ageOn } from '../patient/patient.format';
import { episodeStatusLabels } from '../patient/patient.schemas';
import { pdfColours, pdfMargin, pdfWriter } from '../shared/pdf';
import { alertSentence } from './handover.alerts';
import { handoverRoleLabels } from './handover.schemas';
import type { WardHandover } from './ward.service';
import { safetyLines } from './ward.safety';

/*
 * The ward handover on paper, as PDF (the letters' library and page, domain/shared/pdf.ts): per
 * patient the identification, the alerts and today's summary for the period and role, with a box to
 * tick each action item by hand. A patient starts on a new page only when the rest would not fit.
 */

const { ink, muted, accent, line } = pdfColours;
const ernstLabels = { 'geen gegevens': 'Geen gegevens', stabiel: 'Stabiel', 'let op': 'Let op', instabiel: 'Instabiel' } as const;

export function wardHandoverPdf(ward: WardHandover, printedAt = new Date()): Promise<Buffer> {
  const role = handoverRoleLabels[ward.role].toLowerCase();
  const { pdf, width, finish } = pdfWriter({ Title: `Overdracht afdeling — laatste ${ward.period.label}`, Author: 'GGZ-EPD' });
  const left = pdfMargin;

  pdf.font('Helvetica-Bold').fontSize(16).fillColor(accent).text('Overdracht afdeling', left, pdfMargin);
  pdf
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(muted)
    .text(`Laatste ${ward.period.label}, voor de ${role} · ${ward.patients.length} patiënten · afgedrukt ${formatDateTime(printedAt)}`, {
      width,
    });
  pdf.moveDown(0.8);

  for (const { patient, summary, safety } of ward.patients) {
    // Name, alerts and the situation together: start a new page rather than split them.
    if (pdf.y > pdf.page.height - pdfMargin - 100) pdf.addPage();
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.6)
      .strokeColor(line)
      .stroke();
    pdf.moveDown(0.5);
    const age = ageOn(patient.birthDate);
    pdf.font('Helvetica-Bold').fontSize(12).fillColor(ink).text(patient.name, left, pdf.y, { width, continued: true });
    pdf
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(muted)
      .text(
        `   ${[patient.birthDate ? `${formatNumericDate(patient.birthDate)} (${age} jaar)` : null, episodeStatusLabels[patient.status]]
          .filter(Boolean)
          .join(' · ')}`,
      );
    pdf
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(patient.alerts.total > 0 ? ink : muted);
    // The banner's facts with every patient, so every printed page carries them (issue 41, point 4).
    pdf.font('Helvetica-Bold').fillColor(ink);
    for (const line of safetyLines(safety)) pdf.text(line, { width });
    pdf.font('Helvetica').fillColor(patient.alerts.total > 0 ? ink : muted);
    pdf.text(`Alerts: ${alertSentence(patient.alerts)}`, { width });
    pdf.moveDown(0.3);
    if (!summary) {
      pdf.fillColor(muted).text('Nog geen overdracht van vandaag voor deze periode en rol.', { width });
      pdf.moveDown(0.8);
      continue;
    }
    pdf
      .font('Helvetica-Bold')
      .fillColor(ink)
      .text(`${ernstLabels[summary.meta.ernst] ?? summary.meta.ernst}. `, { width, continued: true });
    pdf.font('Helvetica').text(summary.meta.situatie);
    pdf.moveDown(0.3);
    for (const punt of summary.aandachtspunten) {
      pdf.fillColor(ink).text(`•  ${punt.tekst}`, left + 8, pdf.y, { width: width - 8 });
      pdf
        .fillColor(muted)
        .fontSize(8)
        .text(`Bron: ${punt.bron.label}, ${formatDateTime(punt.bron.date)}`, left + 20, pdf.y, { width: width - 20 });
      pdf.fontSize(9.5);
    }
    const states = ward.actions[summary.meta.summaryId ?? ''] ?? {};
    summary.actiepunten.forEach((actie, index) => {
      const top = pdf.y + 1;
      const state = states[index];
      // Ticked on screen, ticked on paper, with who and when, as the summary shows it (ADR 0056).
      const ticks = [...(state?.done && state.at ? [{ name: state.by ?? 'onbekend', at: state.at }] : []), ...(state?.others ?? [])];
      pdf
        .rect(left + 8, top, 8, 8)
        .lineWidth(0.8)
        .strokeColor(muted)
        .stroke();
      if (ticks.length > 0)
        pdf
          .moveTo(left + 9.5, top + 4)
          .lineTo(left + 11.5, top + 6.5)
          .lineTo(left + 15, top + 1.5)
          .lineWidth(1.2)
          .strokeColor(ink)
          .stroke();
      pdf
        .fillColor(ink)
        .text(`${actie.tekst}${actie.alsDan ? ` — ${actie.alsDan}` : ''} (${actie.eigenaar})`, left + 22, top - 1, { width: width - 22 });
      for (const tick of ticks)
        pdf
          .fillColor(muted)
          .fontSize(8)
          .text(`Afgevinkt door ${tick.name}, ${formatDateTime(tick.at)}`, left + 22, pdf.y, { width: width - 22 })
          .fontSize(9.5);
    });
    pdf.moveDown(0.2);
    pdf
      .fillColor(muted)
      .fontSize(8)
      .text(`Gemaakt om ${formatTime(summary.meta.generatedAt)}`, left, pdf.y, { width });
    pdf.moveDown(0.9);
  }
  if (ward.total > ward.patients.length)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(muted)
      .text(`De eerste ${ward.patients.length} van ${ward.total} patiënten, de meeste alerts eerst.`, left, pdf.y, { width });
  return finish();
}
