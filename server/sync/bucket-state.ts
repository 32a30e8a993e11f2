/**
 * Where a bucket stands after its latest op: the running checksum and count of its ops and the number of the last.
 * The replicator writes it with each batch; streams compare it with what a device holds.
 */
export interface BucketState {
  checksum: number;
  count: number;
  lastOp: number;
}
