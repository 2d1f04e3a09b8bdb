/** Labels and badges for clinical values that several pages show the same way. */

export const interpretationLabels: Record<string, string> = { HH: 'kritisch hoog', H: 'hoog', N: 'normaal', L: 'laag', LL: 'kritisch laag' };

const riskLevelClass: Record<string, string> = { 'zeer hoog': 'risk-very-high', hoog: 'risk-high', gemiddeld: 'risk-medium', laag: 'risk-low' };

export function RiskLevelBadge({ level }: { level: string }) {
  return <span className={`badge ${riskLevelClass[level] ?? ''}`}>{level}</span>;
}
