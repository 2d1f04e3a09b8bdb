import { ExclamationTriangleIcon, HandIcon, HeartIcon, LightningBoltIcon, LockClosedIcon, TargetIcon } from '@radix-ui/react-icons';
import { alertParts, type AlertKind, type HandoverAlerts } from '../../domain/handover/handover.alerts';

/** Each kind of alert with its own icon, in the ward list's order and colours. */
export const alertIcons: Record<AlertKind, typeof HeartIcon> = {
  crisis: LightningBoltIcon,
  incident: ExclamationTriangleIcon,
  vitals: HeartIcon,
  risk: TargetIcon,
  bvc: HandIcon,
  coercion: LockClosedIcon,
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
      {Object.entries(alertIcons).map(([key, Icon]) => (
        <symbol key={key} id={`alert-icon-${key}`} viewBox="0 0 15 15">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** The patient's alerts as badges (icons from `AlertIconSprite`, once on the page). */
export function AlertBadges({ alerts }: { alerts: HandoverAlerts }) {
  const items = alertParts(alerts).filter((item) => item.count > 0);
  if (items.length === 0) return <span className="muted small">Geen alerts</span>;
  return (
    <ul className="alert-badges" aria-label="Alerts">
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
