/** What a connection last told its client about one bucket. */
export interface SentBucket {
  checksum: number;
  count: number;
  priority: number;
}

/**
 * The buckets a checkpoint_diff must list: new ones, and ones whose checksum, count or priority moved (the client
 * compares all three); plus the ones no longer in the set, which the client deletes with their rows.
 */
export function diffBuckets(
  previous: ReadonlyMap<string, SentBucket>,
  next: ReadonlyMap<string, SentBucket>,
): { updated: string[]; removed: string[] } {
  const updated: string[] = [];
  const removed: string[] = [];
  for (const [bucket, state] of next) {
    const before = previous.get(bucket);
    if (!before || before.checksum !== state.checksum || before.count !== state.count || before.priority !== state.priority) {
      updated.push(bucket);
    }
  }
  for (const bucket of previous.keys()) if (!next.has(bucket)) removed.push(bucket);
  return { updated, removed };
}

/** Groups buckets by priority, highest priority (lowest number) first: data is sent in this order. */
export function byPriority<T extends { priority: number }>(buckets: Iterable<[string, T]>): [number, string[]][] {
  const groups = new Map<number, string[]>();
  for (const [bucket, { priority }] of buckets) {
    const group = groups.get(priority);
    if (group) group.push(bucket);
    else groups.set(priority, [bucket]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]);
}
