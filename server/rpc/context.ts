import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../mail/mailer.js';

/** What every RPC handler may use: built once per server, passed to each service's factory. */
export interface ServerContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}
