/**
 * The address failed sign-ins are counted against. Behind a proxy every request comes from the proxy, so with
 * trustProxy the last X-Forwarded-For entry (the one our proxy appended) is used; earlier entries are whatever the
 * client claimed and would let anyone pick a fresh address per attempt.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor !== undefined) {
    const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const last = joined.split(',').map((part) => part.trim()).filter((part) => part !== '').at(-1);
    if (last !== undefined) return normalizeAddress(last);
  }
  return normalizeAddress(socketAddress ?? 'unknown');
}

// An IPv4 client on a dual-stack socket shows up as ::ffff:a.b.c.d; counting it under two spellings would double
// its allowance.
function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice('::ffff:'.length) : lower;
}
