import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../mail/mailer.js';
import type { FileStorage } from '../files/files.js';

/** What every RPC handler may use: built once per server, passed to each service's factory. */
export interface ServerContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Sync streams open in this process (the admin dashboard's health). */
  syncStreams?: () => number;
  files: FileStorage;
}
