// Types of cut-proxy.mjs (plain JavaScript, shared with bench/db-faults.mjs).
export interface CutProxy {
  /** The loopback port to connect to instead of the target's. */
  readonly port: number;
  /** 'refused': connections reset, new ones too; 'silent': nothing answered, nothing reset, bytes wait. */
  cut(how: 'refused' | 'silent'): void;
  /** Forwards again; connections held by a silent cut carry what waited. */
  restore(): void;
  close(): Promise<void>;
}
export declare function startCutProxy(targetPort: number, targetHost?: string): Promise<CutProxy>;
