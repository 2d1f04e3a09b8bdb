import { formatNumber } from '../../domain/shared/text';
import { formatWhen } from '../../domain/shared/clinical-time';
import { CheckCircledIcon, CircleIcon } from '@radix-ui/react-icons';
import { riskTypeLabel } from '../../domain/risks/risk-types';

/** Labels, badges and lists for clinical values that several pages show the same way. */

export const interpretationLabels: Record<string, string> = {
  HH: 'kritisch hoog',
  H: 'hoog',
  N: 'normaal',
  L: 'laag',
  LL: 'kritisch laag',
};

const riskLevelClass: Record<string, string> = {
  'zeer hoog': 'risk-very-high',
  hoog: 'risk-high',
  gemiddeld: 'risk-medium',
  laag: 'risk-low',
};

export function RiskLevelBadge({ level }: { level: string }) {
  return <span className={`badge ${riskLevelClass[level] ?? ''}`}>{level}</span>;
}

export interface Risk {
  id: string;
  riskType: string;
  riskLevel: string;
  rationale: string;
  assessedAt: string;
}

/** The current assessment per risk: type, level, why, and when it was assessed. */
export function RiskList({ risks }: { risks: readonly Risk[] }) {
  return (
    <ul className="risk-list">
      {risks.map((risk) => (
        <li key={risk.id}>
          <div className="risk-head">
            <strong>{riskTypeLabel(risk.riskType)}</strong>
            <RiskLevelBadge level={risk.riskLevel} />
          </div>
          <p data-authored>{risk.rationale}</p>
          <p className="muted small">Beoordeeld {formatWhen(risk.assessedAt)}</p>
        </li>
      ))}
    </ul>
  );
}

interface Vital {
  id: string;
  label: string;
  value: number;
  unit: string;
  interpretation: string;
  observedAt: string;
}

/** Measurements with their interpretation (a normal one unmarked) and when: `when` words the time. */
export function VitalList({ vitals, when = formatWhen }: { vitals: readonly Vital[]; when?: (iso: string) => string }) {
  return (
    <ul className="vitals">
      {vitals.map((vital) => (
        <li key={vital.id} className={`vital vital-${vital.interpretation}`}>
          <span className="vital-label">{vital.label}</span>
          <span className="vital-value">
            {formatNumber(vital.value)} <span className="vital-unit">{vital.unit}</span>
          </span>
          <span className="vital-meta">
            {vital.interpretation !== 'N' ? <strong>{interpretationLabels[vital.interpretation]} · </strong> : null}
            {when(vital.observedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface IntakeStatus {
  completionPercentage: number;
  sections: { key: string; label: string; complete: boolean }[];
}

/** How far the intake is, and which sections are done; `compact` for a chat block. */
export function IntakeProgress({ status, compact = false }: { status: IntakeStatus; compact?: boolean }) {
  const bar = (
    <div
      className="progress"
      role="progressbar"
      aria-valuenow={status.completionPercentage}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label="Intake voltooid"
    >
      <div className="progress-bar" style={{ width: `${status.completionPercentage}%` }} />
    </div>
  );
  return (
    <>
      {compact ? (
        <div className="chat-progress">
          {bar}
          <span className="small">{status.completionPercentage}% voltooid</span>
        </div>
      ) : (
        <>
          {bar}
          <p className="muted">{status.completionPercentage}% voltooid</p>
        </>
      )}
      <ul className={compact ? 'checklist chat-checklist' : 'checklist'}>
        {status.sections.map((section) => (
          <li key={section.key} className={section.complete ? 'done' : undefined}>
            {section.complete ? <CheckCircledIcon aria-hidden="true" /> : <CircleIcon aria-hidden="true" />}
            {section.label}
            <span className="visually-hidden">{section.complete ? ' (afgerond)' : ' (open)'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
