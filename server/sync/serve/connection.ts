import {
  BaseJwtPayload,
  mergeBuckets,
  RequestParameters,
  type BucketParameterQuerier,
  type RequestedStream,
  type ResolvedBucket,
} from '@powersync/service-sync-rules';
import type { Db } from '../../db/db.js';
import type { VerifiedToken } from '../../accounts/tokens.js';
import { byPriority, diffBuckets, type SentBucket } from './bucket-diff.js';
import type { DataPage, DataPages } from './data-pages.js';
import { mergeEvents, type CheckpointEvent, type HubListener, type WriteCheckpointEvent } from '../hub.js';
import {
  checkpointCompleteLine,
  checkpointDiffLine,
  checkpointLine,
  partialCheckpointCompleteLine,
  type ChecksumEntry,
  type StreamDescription,
  type SubscriptionRef,
} from './lines.js';
import { checkConnectionLimits, type ConnectionLimits } from './connection-limits.js';
import type { SyncRules } from '../rules.js';
import { EMPTY_BUCKET, withSnapshot, type Snapshot } from './stream-store.js';
import type { StreamRequest } from './stream-request.js';

export interface ConnectionDeps {
  db: Db;
  rules: SyncRules;
  pages: DataPages;
  stats: { opsSent: number; checkpoints: number };
  /** CONNECTION_LIMITS unless a test lowers them. */
  limits?: ConnectionLimits;
}

/** Where a connection's lines go; write returns a promise only when the next line must wait (backpressure). */
export interface LineSink {
  write(line: string): Promise<void> | undefined;
  readonly closed: boolean;
}

interface BucketInfo extends SentBucket {
  subscriptions: SubscriptionRef[];
}

/**
 * One client's sync stream after authentication: which buckets it may see, what it was last told about each, and
 * how far each bucket's data has been sent. It reacts to hub events (kept and merged while it is busy, so a slow
 * client never makes the others wait) and to write checkpoints of its own (user, client id).
 */
export class SyncConnection implements HubListener {
  private readonly querier: BucketParameterQuerier;
  private readonly streams: StreamDescription[];
  private readonly streamIndex = new Map<string, number>();
  private usedLookups = new Set<string>();
  private sent = new Map<string, BucketInfo>();
  private readonly positions = new Map<string, number>();
  private head = 0;
  private position = 0;
  private writeCheckpoint: number | null = null;
  private pendingWriteCheckpoint: { checkpoint: number; headSeq: number } | null = null;
  private pendingEvent: CheckpointEvent | null = null;
  private started = false;
  private working: Promise<void> | null = null;
  private failed: ((error: unknown) => void) | null = null;

  constructor(
    private readonly deps: ConnectionDeps,
    private readonly token: VerifiedToken,
    private readonly request: StreamRequest,
    private readonly sink: LineSink,
  ) {
    const params = new RequestParameters(new BaseJwtPayload(token.payload as Record<string, unknown>), request.parameters);
    const streams: Record<string, RequestedStream[]> = {};
    request.subscriptions.forEach((s, i) => {
      (streams[s.stream] ??= []).push({ parameters: s.parameters, opaque_id: i, priorityOverride: s.priorityOverride });
    });
    const { querier, errors } = deps.rules.config.getBucketParameterQuerier({
      globalParameters: params,
      hasDefaultStreams: request.includeDefaults,
      streams,
    });
    this.querier = querier;
    this.streams = [];
    for (const source of deps.rules.config.bucketSourceDefinitions) {
      const subscribed = (source.subscribedToByDefault && request.includeDefaults) || source.name in streams;
      if (!subscribed) continue;
      this.streamIndex.set(source.name, this.streams.length);
      this.streams.push({
        name: source.name,
        is_default: source.subscribedToByDefault,
        errors: errors
          .filter((e) => e.descriptor === source.name)
          .map((e) => ({ subscription: e.subscription?.opaque_id ?? 'default', message: e.message })),
      });
    }
  }

  get userId(): string {
    return this.token.userId;
  }

  /** Sends the first full checkpoint; afterwards the connection follows hub events until the stream ends. */
  async start(onError: (error: unknown) => void): Promise<void> {
    this.failed = onError;
    const request = this.request;
    for (const { name, after } of request.buckets) this.positions.set(name, after);
    await this.run(() => this.resync(true));
    this.started = true;
    this.schedule();
  }

  onCheckpoint(event: CheckpointEvent): void {
    this.pendingEvent = this.pendingEvent ? mergeEvents(this.pendingEvent, event) : event;
    this.schedule();
  }

  onWriteCheckpoint(event: WriteCheckpointEvent): void {
    if (event.userId !== this.token.userId || event.clientId !== this.request.clientId) return;
    const known = this.pendingWriteCheckpoint?.checkpoint ?? this.writeCheckpoint ?? 0;
    if (event.checkpoint <= known) return;
    this.pendingWriteCheckpoint = { checkpoint: event.checkpoint, headSeq: event.headSeq };
    this.schedule();
  }

  private schedule(): void {
    if (!this.started || this.working || this.sink.closed) return;
    const hasWork = () =>
      this.pendingEvent !== null ||
      (this.pendingWriteCheckpoint !== null && this.pendingWriteCheckpoint.headSeq <= this.position);
    if (!hasWork()) return;
    void this.run(async () => {
      while (hasWork() && !this.sink.closed) {
        const event = this.pendingEvent;
        this.pendingEvent = null;
        await this.follow(event);
      }
    });
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.working = work()
      .catch((error: unknown) => this.failed?.(error))
      .finally(() => {
        this.working = null;
        this.schedule();
      });
    await this.working;
  }

  private async follow(event: CheckpointEvent | null): Promise<void> {
    if (event && (event.head > this.head || event.position > this.position)) {
      if ([...event.lookups].some((l) => this.usedLookups.has(l))) return this.resync(false);
      const next = new Map(this.sent);
      for (const [bucket, info] of this.sent) {
        const state = event.buckets.get(bucket);
        if (state) next.set(bucket, { ...info, checksum: state.checksum, count: state.count });
      }
      this.head = Math.max(this.head, event.head);
      this.position = Math.max(this.position, event.position);
      return this.emit(false, next);
    }
    return this.emit(false, this.sent);
  }

  /** Recomputes the bucket set and every checksum from one database snapshot (first checkpoint, parameter change). */
  private async resync(full: boolean): Promise<void> {
    const { next, writeCheckpoint } = await withSnapshot(this.deps.db, async (snapshot) => {
      const buckets = await this.resolveBuckets(snapshot);
      const states = await snapshot.bucketStates([...buckets.keys()]);
      const next = new Map<string, BucketInfo>();
      for (const [bucket, resolved] of buckets) {
        const state = states.get(bucket) ?? EMPTY_BUCKET;
        next.set(bucket, { checksum: state.checksum, count: state.count, priority: resolved.priority, subscriptions: this.subscriptionsOf(resolved) });
      }
      this.head = Math.max(this.head, snapshot.head);
      this.position = Math.max(this.position, snapshot.position);
      return { next, writeCheckpoint: await snapshot.writeCheckpoint(this.token.userId, this.request.clientId) };
    });
    if (writeCheckpoint && writeCheckpoint.checkpoint > (this.writeCheckpoint ?? 0)) {
      const pending = this.pendingWriteCheckpoint;
      if (!pending || pending.checkpoint < writeCheckpoint.checkpoint) this.pendingWriteCheckpoint = writeCheckpoint;
    }
    await this.emit(full, next);
  }

  private async resolveBuckets(snapshot: Snapshot): Promise<Map<string, ResolvedBucket>> {
    const used = new Set<string>();
    let dynamic: ResolvedBucket[] = [];
    if (this.querier.hasDynamicBuckets) {
      dynamic = await this.querier.queryDynamicBucketDescriptions({
        getParameterSets: async (lookups) => {
          const keys = lookups.map((l) => l.serializedRepresentation);
          for (const key of keys) used.add(key);
          const sets = await snapshot.parameterSets(keys);
          return lookups.map((lookup, i) => ({ lookup, rows: sets.get(keys[i]!) ?? [] }));
        },
      });
    }
    this.usedLookups = used;
    const results = [...this.querier.staticBuckets, ...dynamic];
    const buckets = new Map(mergeBuckets(results).map((b) => [b.bucket, b]));
    checkConnectionLimits(results.length, buckets.size, this.deps.limits);
    return buckets;
  }

  private subscriptionsOf(bucket: ResolvedBucket): SubscriptionRef[] {
    return bucket.inclusion_reasons.map((reason) =>
      reason === 'default' ? { default: this.streamIndex.get(bucket.definition) ?? 0 } : { sub: reason.subscription },
    );
  }

  /** Writes a checkpoint (full) or diff, the data it needs, and the completes; nothing when nothing changed. */
  private async emit(full: boolean, next: Map<string, BucketInfo>): Promise<void> {
    const pending = this.pendingWriteCheckpoint;
    let writeCheckpoint = this.writeCheckpoint;
    if (pending && pending.headSeq <= this.position) {
      writeCheckpoint = pending.checkpoint;
      this.pendingWriteCheckpoint = null;
    }
    const head = this.head;
    const entry = (bucket: string, info: BucketInfo): ChecksumEntry => ({
      bucket,
      checksum: info.checksum,
      count: info.count,
      priority: info.priority,
      subscriptions: info.subscriptions,
    });
    let toFetch: string[];
    if (full) {
      await this.sink.write(checkpointLine(head, [...next].map(([b, i]) => entry(b, i)), writeCheckpoint, this.streams));
      toFetch = [...next.keys()];
      for (const bucket of [...this.positions.keys()]) if (!next.has(bucket)) this.positions.delete(bucket);
    } else {
      const { updated, removed } = diffBuckets(this.sent, next);
      if (updated.length === 0 && removed.length === 0 && writeCheckpoint === this.writeCheckpoint) return;
      const entries = updated.map((b) => entry(b, next.get(b)!));
      const written = this.sink.write(checkpointDiffLine(head, entries, removed, writeCheckpoint));
      if (written) await written;
      for (const bucket of removed) this.positions.delete(bucket);
      toFetch = updated;
    }
    this.sent = next;
    this.writeCheckpoint = writeCheckpoint;
    this.deps.stats.checkpoints++;

    const groups = byPriority(toFetch.map((b): [string, BucketInfo] => [b, next.get(b)!]));
    for (const [index, [priority, buckets]] of groups.entries()) {
      for (const bucket of buckets) {
        const sending = this.sendData(bucket, head);
        if (sending) await sending;
      }
      if (index < groups.length - 1) await this.sink.write(partialCheckpointCompleteLine(head, priority));
    }
    this.sink.write(checkpointCompleteLine(head));
  }

  /**
   * Sends the bucket's ops up to upTo. Synchronous (undefined) in the common fan-out case — the page is already in
   * the shared cache and the client keeps up — so a change reaching many streams costs no promise per stream.
   */
  private sendData(bucket: string, upTo: number): Promise<void> | undefined {
    const start = this.positions.get(bucket) ?? 0;
    this.positions.set(bucket, Math.max(start, upTo));
    if (start >= upTo) return undefined;
    const ready = this.deps.pages.ready(bucket, start, upTo);
    if (ready?.done) {
      if (ready.line !== null) {
        this.deps.stats.opsSent += ready.ops;
        return this.sink.write(ready.line);
      }
      return undefined;
    }
    return this.sendPages(bucket, start, upTo);
  }

  private async sendPages(bucket: string, start: number, upTo: number): Promise<void> {
    // The next page is read while the current one is written: the database and the socket work at the same time.
    let next: Promise<DataPage> | null = this.deps.pages.page(bucket, start, upTo);
    while (next && !this.sink.closed) {
      const page: DataPage = await next;
      next = page.done ? null : this.deps.pages.page(bucket, page.nextAfter, upTo);
      if (page.line !== null) {
        this.deps.stats.opsSent += page.ops;
        const written = this.sink.write(page.line);
        if (written) await written;
      }
    }
    // A read left unawaited when the client went away must not surface as an unhandled rejection.
    next?.catch(() => {});
  }
}
