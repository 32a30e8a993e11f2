/**
 * How long any test waits for an event before giving up. Tests synchronise on events; this is only the backstop
 * that turns a hang into a failure, set generously because a loaded two-core machine has taken over 30 s to start
 * a server or install a service worker. Timing claims belong in bench/, never here.
 */
export const WAIT_BACKSTOP_MS = 120_000;
