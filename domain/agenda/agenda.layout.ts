/**
 * Side-by-side layout of overlapping appointments within one day: appointments that overlap,
 * directly or through a chain, form a cluster; each gets the first free lane of its cluster, and
 * the cluster's lane count sets every member's width.
 */
export interface Placed {
  lane: number;
  lanes: number;
}

export function layoutDay<T extends { id: string; start: Date; end: Date }>(items: T[]): Map<string, Placed> {
  const sorted = [...items].sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());
  const placed = new Map<string, Placed>();
  let cluster: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;

  const close = () => {
    for (const member of cluster) placed.set(member.id, { lane: member.lane, lanes: laneEnds.length });
    cluster = [];
    laneEnds = [];
  };

  for (const item of sorted) {
    const start = item.start.getTime();
    if (start >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= start);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = item.end.getTime();
    cluster.push({ id: item.id, lane });
    clusterEnd = Math.max(start >= clusterEnd ? -Infinity : clusterEnd, item.end.getTime());
  }
  close();
  return placed;
}
