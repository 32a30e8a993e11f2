/**
 * The public feed: the latest listed vehicles every visitor's device holds (the public bucket of sync-rules.yaml).
 *
 * The server flags this many of the newest public vehicles (migration 0009 states the number in SQL; a server test
 * checks it against this one), and only those and their tags reach the public bucket. The list on `/` shows the first
 * PUBLIC_LIST_LIMIT of them, which must not exceed what is synced.
 */
export const PUBLIC_LATEST_SYNCED = 100;
export const PUBLIC_LIST_LIMIT = 50;
