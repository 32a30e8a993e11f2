/**
 * What one connection may hold: the PowerSync Service's defaults (its api.parameters max_parameter_query_results
 * and max_buckets_per_connection). Our engine refuses past them with the service's own error, so a bucket layout
 * that would break on the service breaks in our tests first. Within them, any fleet: sync-rules.yaml keys an
 * owner's vehicles by the owner, not by the vehicle.
 */
export interface ConnectionLimits {
  /** Rows all parameter queries of one connection return, before equal buckets are merged. */
  readonly parameterQueryResults: number;
  /** Distinct buckets one connection holds. */
  readonly buckets: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  parameterQueryResults: 1000,
  buckets: 1000,
};

/** A connection past a limit: the service's PSYNC_S2305, with its words. */
export class SyncLimitExceeded extends Error {
  readonly code = 'PSYNC_S2305';
}

/** Throws SyncLimitExceeded when a connection's parameter results or buckets pass CONNECTION_LIMITS. */
export function checkConnectionLimits(parameterResults: number, buckets: number, limits: ConnectionLimits = CONNECTION_LIMITS): void {
  if (parameterResults > limits.parameterQueryResults) {
    throw new SyncLimitExceeded(
      `Too many parameter query results: ${parameterResults} (limit of ${limits.parameterQueryResults})`,
    );
  }
  if (buckets > limits.buckets) throw new SyncLimitExceeded(`Too many buckets: ${buckets} (limit of ${limits.buckets})`);
}
