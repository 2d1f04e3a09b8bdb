import { Link } from '@remix-run/react';
import {
  handoverPeriods,
  handoverRoleLabels,
  handoverRoles,
  periodLabels,
  type HandoverPeriod,
  type HandoverRole,
} from '../../domain/handover/handover.schemas';

/**
 * The handover pages' period and role as two segmented link groups: plain links (they work without
 * JavaScript), each keeping the page's other choices through `link`.
 */
export function HandoverFilters({
  period,
  role,
  link,
}: {
  period: HandoverPeriod;
  role: HandoverRole;
  link: (changes: Record<string, string | null>) => string;
}) {
  return (
    <div className="toolbar-group">
      <nav className="segmented" aria-label="Periode">
        {handoverPeriods.map((option) => (
          <Link
            key={option}
            to={link({ periode: option === '1d' ? null : option })}
            className={option === period ? 'segment active' : 'segment'}
            aria-current={option === period ? 'true' : undefined}
            preventScrollReset
          >
            {periodLabels[option]}
          </Link>
        ))}
      </nav>
      <nav className="segmented" aria-label="Overdracht voor">
        {handoverRoles.map((option) => (
          <Link
            key={option}
            to={link({ rol: option })}
            className={option === role ? 'segment active' : 'segment'}
            aria-current={option === role ? 'true' : undefined}
            preventScrollReset
          >
            {handoverRoleLabels[option]}
          </Link>
        ))}
      </nav>
    </div>
  );
}
