import { news2RiskLabels, warningsOf, type TimedAlerts, type WarningLevel } from '../../domain/handover/warnings';
import type { AllergyStatus } from '../../domain/allergies/allergies';
import { legalStatusKinds, type LegalStatusKind } from '../../domain/coercive-care/coercive-care.vocabulary';
import { type AllergySeverity } from '../../domain/allergies/allergies.vocabulary';
import { bvcBand } from '../../domain/measurements/bvc';

/*
 * The ward's facts of a patient in a list row (issue 41, point 7): short, so a row reads at a
 * glance, with the full wording for screen readers. Colour only repeats what the words say.
 */

/** The legal status's short name ("Zorgmachtiging"), the full label for screen readers and on hover. */
export function LegalStatusShort({ kind }: { kind: LegalStatusKind | null }) {
  if (!kind) return <span className="muted">Niet vastgelegd</span>;
  const { label, short, law } = legalStatusKinds[kind];
  return (
    <span className={law ? 'ward-fact ward-fact-attention' : 'ward-fact'} title={label}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

const shownAllergies = 3;

/** Allergies in force, most severe first; "geen bekende" and "niet vastgelegd" are told apart. */
export function AllergySummary({
  allergies,
}: {
  allergies: { status: AllergyStatus; active: { substance: string; severity: AllergySeverity }[] };
}) {
  if (allergies.status === 'geen-bekende') return <span>Geen bekende</span>;
  if (allergies.status === 'niet-vastgelegd') return <span className="banner-unknown">Niet vastgelegd</span>;
  const rest = allergies.active.length - shownAllergies;
  return (
    <ul className="ward-allergies">
      {allergies.active.slice(0, shownAllergies).map((allergy) => (
        <li key={allergy.substance} className={allergy.severity === 'ernstig' ? 'ward-allergy-severe' : undefined}>
          {allergy.substance} <span className="muted small">({allergy.severity})</span>
        </li>
      ))}
      {rest > 0 ? <li className="muted small">en nog {rest}</li> : null}
    </ul>
  );
}

const levelOrder: Record<WarningLevel, number> = { kritiek: 0, 'let-op': 1 };
const strongest = (levels: WarningLevel[]): WarningLevel | null => levels.sort((a, b) => levelOrder[a] - levelOrder[b])[0] ?? null;

/**
 * The latest NEWS2 and BVC with their band, coloured by the warnings they raise (warnings.ts):
 * red for a critical warning, amber for one to plan, plain when they raise none.
 */
export function EarlyWarningFlag({ alerts }: { alerts: TimedAlerts }) {
  const warnings = warningsOf(alerts);
  const levelOf = (kinds: string[]) =>
    strongest(warnings.filter((warning) => kinds.includes(warning.kind)).map((warning) => warning.level));
  const flags: { key: string; text: string; level: WarningLevel | null }[] = [];
  if (alerts.news2_score != null && alerts.news2_risk) {
    const late = warnings.some((warning) => warning.kind === 'news2-ronde');
    flags.push({
      key: 'news2',
      text: `NEWS2 ${alerts.news2_score} · ${news2RiskLabels[alerts.news2_risk]}${late ? ' · controle te laat' : ''}`,
      level: levelOf(['news2', 'news2-ronde']),
    });
  }
  if (alerts.bvc_score != null) {
    const late = warnings.some((warning) => warning.kind === 'bvc-ronde');
    flags.push({
      key: 'bvc',
      text: `BVC ${alerts.bvc_score} · risico ${bvcBand(alerts.bvc_score)}${late ? ' · opnieuw scoren' : ''}`,
      level: levelOf(['bvc', 'bvc-ronde']),
    });
  }
  if (flags.length === 0) return <span className="muted small">Geen NEWS2 of BVC (7 dagen)</span>;
  return (
    <ul className="ward-flags">
      {flags.map((flag) => (
        <li key={flag.key} className={flag.level ? `ward-flag warning-${flag.level}` : 'ward-flag'}>
          {flag.level === 'kritiek' ? <strong>{flag.text}</strong> : flag.text}
        </li>
      ))}
    </ul>
  );
}
