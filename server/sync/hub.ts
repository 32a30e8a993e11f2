import type { BucketState } from './bucket-state.js';

/**
 * In-memory fan-out of replication progress to the streams of this process. The replicator (or, in a process that
 * is not replicating, the follower) publishes one event per committed batch; every stream receives the same event
 * object, so what is shared — the new state of a public bucket — is computed once, not once per stream.
 */

export interface CheckpointEvent {
  /** Op id of the last op written so far. */
  head: number;
  /** Change-log seq the oplog includes up to: write checkpoints issued at or below it are visible. */
  position: number;
  /** New state of every bucket changed since the previous event. */
  buckets: ReadonlyMap<string, BucketState>;
  /** Parameter lookups whose results changed since the previous event. */
  lookups: ReadonlySet<string>;
}

export interface WriteCheckpointEvent {
  userId: string;
  clientId: string;
  checkpoint: number;
  headSeq: number;
}

export interface HubListener {
  onCheckpoint(event: CheckpointEvent): void;
  onWriteCheckpoint(event: WriteCheckpointEvent): void;
}

export class SyncHub {
  head = 0;
  position = 0;
  private readonly listeners = new Set<HubListener>();

  subscribe(listener: HubListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Events arrive from two sources in a replicating process; one that brings nothing newer is dropped. */
  publish(event: CheckpointEvent): void {
    if (event.head <= this.head && event.position <= this.position) return;
    this.head = Math.max(this.head, event.head);
    this.position = Math.max(this.position, event.position);
    for (const listener of this.listeners) listener.onCheckpoint(event);
  }

  publishWriteCheckpoint(event: WriteCheckpointEvent): void {
    for (const listener of this.listeners) listener.onWriteCheckpoint(event);
  }
}

/** Folds a later event into an earlier one, for a stream that was busy while both arrived. */
export function mergeEvents(a: CheckpointEvent, b: CheckpointEvent): CheckpointEvent {
  const buckets = new Map(a.buckets);
  for (const [bucket, state] of b.buckets) buckets.set(bucket, state);
  const lookups = new Set(a.lookups);
  for (const lookup of b.lookups) lookups.add(lookup);
  return { head: Math.max(a.head, b.head), position: Math.max(a.position, b.position), buckets, lookups };
}
