import { warningsOf, type WarningLevel } from '../handover/warnings';
import { legalStatusKinds } from '../coercive-care/coercive-care.vocabulary';
import type { PatientBanner } from './banner';

/** One fact of the banner that asks for action, in the few words of the banner's collapsed line. */
export interface BannerHighlight {
  key: string;
  text: string;
  /** `kritiek`: act now; `let-op`: to know before deciding (the full banner gives it a coloured edge). */
  level: WarningLevel;
}

/**
 * What of the banner must stay in view when it is folded to one line on a narrow screen (issue 44,
 * point 9): every warning (early warning, deadlines), allergies in force or not yet recorded, a
 * legal status under a law, the open measures of compulsory care and the high risks, most urgent
 * first. What needs no action ("geen bekende allergieën", vrijwillig, the signaleringsplan) waits
 * behind the toggle. Nothing is cut off: a patient with six alerts gets six.
 */
export function bannerHighlights(banner: Omit<PatientBanner, 'patientId' | 'signaleringsplan'>): BannerHighlight[] {
  const highlights: BannerHighlight[] = warningsOf(banner.warnings).map(({ kind, level, label }) => ({ key: kind, text: label, level }));
  const { allergies, legalStatus, openMeasures, risks } = banner;
  if (allergies.status === 'vastgelegd' && allergies.active.length > 0) {
    const severe = allergies.active.some((allergy) => allergy.severity === 'ernstig');
    highlights.push({
      key: 'allergieen',
      text: `Allergie: ${allergies.active.map((allergy) => `${allergy.substance} (${allergy.severity})`).join(', ')}`,
      level: severe ? 'kritiek' : 'let-op',
    });
  } else if (allergies.status === 'niet-vastgelegd') {
    highlights.push({ key: 'allergieen', text: 'Allergieën niet vastgelegd', level: 'let-op' });
  }
  // A status ending soon is named by its warning already.
  if (legalStatus?.law && !highlights.some((highlight) => highlight.key === 'rechtspositie'))
    highlights.push({ key: 'rechtspositie', text: legalStatusKinds[legalStatus.kind].short, level: 'let-op' });
  for (const measure of openMeasures) highlights.push({ key: `maatregel-${measure.id}`, text: measure.label, level: 'kritiek' });
  for (const risk of risks)
    highlights.push({
      key: `risico-${risk.id}`,
      text: `${risk.riskType}: ${risk.riskLevel}`,
      level: risk.riskLevel === 'zeer hoog' ? 'kritiek' : 'let-op',
    });
  return highlights.sort((a, b) => (a.level === b.level ? 0 : a.level === 'kritiek' ? -1 : 1));
}
