import { episodeStatusLabels, type EpisodeStatus } from '../../domain/patient/patient.schemas';

export function StatusBadge({ status }: { status: EpisodeStatus }) {
  return <span className={`badge status-${status}`}>{episodeStatusLabels[status]}</span>;
}
