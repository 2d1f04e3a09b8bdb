import {
  ActivityLogIcon,
  ClockIcon,
  ExclamationTriangleIcon,
  HandIcon,
  HeartIcon,
  LightningBoltIcon,
  LockClosedIcon,
  TargetIcon,
} from '@radix-ui/react-icons';
import { alertParts, type AlertKind, type HandoverAlerts } from '../../domain/handover/handover.alerts';
import { warningsOf, type TimedAlerts, type WarningKind } from '../../domain/handover/warnings';

/** Each kind of alert with its own icon, in the ward list's order and colours. */
export const alertIcons: Record<AlertKind, typeof HeartIcon> = {
  crisis: LightningBoltIcon,
  incident: ExclamationTriangleIcon,
  vitals: HeartIcon,
  risk: TargetIcon,
  bvc: HandIcon,
  coercion: LockClosedIcon,
};

/** Scores (NEWS2, BVC) with a pulse line, deadlines with a clock. */
const warningIcons: Record<WarningKind, 'score' | 'deadline'> = {
  news2: 'score',
  'news2-ronde': 'deadline',
  bvc: 'score',
  'bvc-ronde': 'deadline',
  rechtspositie: 'deadline',
  evaluatie: 'deadline',
  'risico-evaluatie': 'deadline',
};

const tileLabels: Record<AlertKind, string> = {
  crisis: 'Crises',
  incident: 'Incidenten',
  vitals: 'Kritieke metingen',
  risk: "Hoge risico's",
  bvc: 'Hoge BVC-scores',
  coercion: 'Lopende verplichte zorg',
};

/** The period's alerts as tiles: the same figures as the ward list's badges (one SQL definition). */
export function AlertTiles({ alerts, periodLabel }: { alerts: HandoverAlerts; periodLabel: string }) {
  return (
    <ul className="alert-tiles" aria-label={`Alerts in de laatste ${periodLabel}`}>
      {alertParts(alerts).map(({ kind, count }) => {
        const Icon = alertIcons[kind];
        return (
          <li key={kind} className={count > 0 ? `alert-tile alert-${kind} has-alerts` : `alert-tile alert-${kind}`}>
            <Icon aria-hidden="true" />
            <span className="alert-tile-count">{count}</span>
            <span className="alert-tile-label">{tileLabels[kind]}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The alert icons once per page as SVG symbols: a ward list of a hundred patients would
 * otherwise repeat each icon's path in every badge (three quarters of the page's bytes).
 */
export function AlertIconSprite() {
  return (
    <svg className="svg-sprite" aria-hidden="true">
      {[...Object.entries(alertIcons), ['score', ActivityLogIcon] as const, ['deadline', ClockIcon] as const].map(([key, Icon]) => (
        <symbol key={key} id={`alert-icon-${key}`} viewBox="0 0 15 15">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** The patient's alerts as badges, the warnings (early warning, deadlines) first (icons from `AlertIconSprite`, once on the page). */
export function AlertBadges({ alerts }: { alerts: HandoverAlerts }) {
  const items = alertParts(alerts).filter((item) => item.count > 0);
  const warnings = warningsOf(alerts);
  if (items.length === 0 && warnings.length === 0) return <span className="muted small">Geen alerts</span>;
  return (
    <ul className="alert-badges" aria-label="Alerts">
      {warnings.map(({ kind, level, label }) => (
        <li key={kind} className={`alert-badge alert-warning warning-${level}`}>
          <svg aria-hidden="true">
            <use href={`#alert-icon-${warningIcons[kind]}`} />
          </svg>
          {level === 'kritiek' ? <strong>{label}</strong> : label}
        </li>
      ))}
      {items.map(({ kind, label }) => (
        <li key={kind} className={`alert-badge alert-${kind}`}>
          <svg aria-hidden="true">
            <use href={`#alert-icon-${kind}`} />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The warnings (early warning and deadlines, warnings.ts) as a list with their icons inline, for
 * the handover detail and the banner: nothing when there are none.
 */
export function WarningList({ alerts, label = 'Waarschuwingen' }: { alerts: TimedAlerts; label?: string }) {
  const warnings = warningsOf(alerts);
  if (warnings.length === 0) return null;
  return (
    <ul className="warning-list" aria-label={label}>
      {warnings.map(({ kind, level, label: text }) => {
        const Icon = warningIcons[kind] === 'score' ? ActivityLogIcon : ClockIcon;
        return (
          <li key={kind} className={`alert-warning warning-${level}`}>
            <Icon aria-hidden="true" />
            {level === 'kritiek' ? <strong>{text}</strong> : <span>{text}</span>}
          </li>
        );
      })}
    </ul>
  );
}
