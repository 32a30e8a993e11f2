import type { Database } from '../data/schema.js';

/** A synced or local table's row as the device's database holds it, typed by the schema (every column nullable). */
export type Row<Table extends keyof Database> = Database[Table];

/**
 * A row whose `Required` columns are never null: ones the server declares NOT NULL and every local write fills in, so
 * a reader need not handle a null the database never holds.
 */
export type WithRequired<T, Required extends keyof T> = Omit<T, Required> & { [Column in Required]: NonNullable<T[Column]> };
