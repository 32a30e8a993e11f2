import type { Db } from '../../db/db.js';
import type { SyncHub } from '../hub.js';
import type { BucketState } from '../bucket-state.js';

/**
 * Brings replication progress made by another process (the leader) into this process's hub, and write checkpoints
 * issued by another process to the streams here. Woken by notifications, with a slow poll in case one was missed.
 * In the replicating process the same notifications arrive too; the hub ignores what it already has.
 */
export class Follower {
  private unlisten: (() => Promise<void>)[] = [];
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly hub: SyncHub,
    /** While this process replicates, its replicator publishes every batch itself: nothing to follow. */
    private readonly replicating: () => boolean,
    private readonly pollMs = 5000,
  ) {}

  async start(): Promise<void> {
    if (!this.db.listen) return;
    this.unlisten.push(await this.db.listen('tagbook_sync_ops', () => this.wake()));
    this.unlisten.push(await this.db.listen('tagbook_sync_wc', (payload) => this.writeCheckpoint(payload)));
    const tick = () => {
      this.wake();
      this.poll = setTimeout(tick, this.pollMs).unref();
    };
    this.poll = setTimeout(tick, this.pollMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearTimeout(this.poll);
    for (const unlisten of this.unlisten.splice(0)) await unlisten().catch(() => {});
    await this.running?.catch(() => {});
  }

  wake(): void {
    if (this.stopped || this.replicating()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.catchUp()
      .catch((error: unknown) => console.error('sync: could not load replication progress', error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Catches up now, whether or not this process replicates: what a process taking replication over does first
   * (Replicator's takeOver). Waits for a catch-up under way, so the two never publish out of order.
   */
  async catchUpNow(): Promise<void> {
    await this.running;
    await this.catchUp();
  }

  private async catchUp(): Promise<void> {
    const [state] = await this.db.query<{ head_op: string; position: string }>('select head_op, position from sync_state where id = 1');
    if (!state || (Number(state.head_op) <= this.hub.head && Number(state.position) <= this.hub.position)) return;
    const knownHead = this.hub.head;
    const knownPosition = this.hub.position;
    // One snapshot: the head, the buckets changed up to it and the parameter changes up to it belong together.
    const event = await this.db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      const [now] = await tx.query<{ head_op: string; position: string }>('select head_op, position from sync_state where id = 1');
      const rows = await tx.query<{ bucket: string; checksum: string; count: string; last_op: string }>(
        'select bucket, checksum, count, last_op from sync_buckets where last_op > $1',
        [knownHead],
      );
      // Past the head as well as past the position: a batch applied ahead of a backlog keeps the position (0012).
      const changes = await tx.query<{ lookups: string[] }>(
        'select lookups from sync_parameter_changes where position > $1 or head_op > $2',
        [knownPosition, knownHead],
      );
      const buckets = new Map<string, BucketState>();
      for (const r of rows) buckets.set(r.bucket, { checksum: Number(r.checksum), count: Number(r.count), lastOp: Number(r.last_op) });
      const lookups = new Set(changes.flatMap((c) => c.lookups));
      return { head: Number(now!.head_op), position: Number(now!.position), buckets, lookups };
    });
    this.hub.publish(event);
  }

  private writeCheckpoint(payload: string): void {
    try {
      const { u, c, checkpoint, headSeq } = JSON.parse(payload) as { u: string; c: string; checkpoint: number; headSeq: number };
      this.hub.publishWriteCheckpoint({ userId: u, clientId: c, checkpoint, headSeq });
    } catch {
      console.warn('sync: malformed write checkpoint notification ignored');
    }
  }
}
