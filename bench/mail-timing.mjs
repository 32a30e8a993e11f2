// Does RequestRecoverPassword (and LoginEmail, which shares its path) take as long for a registered address as for
// an unknown one? A difference would tell an attacker who has an account. The built server runs as its own process
// over a scratch PostgreSQL database with the demo data; calls alternate between the two addresses and the mail
// throttle is cleared before each pair so every call does its full work.
import { percentile, report, requireServerBuild, scratchDatabase, startServer } from './sync-lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 300);
const BUDGET_MS = 1;

requireServerBuild();
const db = await scratchDatabase();
const server = await startServer(db.url, { SEED: '1' });
try {
  const call = async (email) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/rpc/tagbook.v1.AccountService/RequestRecoverPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`answered ${res.status}`);
    return performance.now() - started;
  };
  const known = [];
  const unknown = [];
  for (let i = 0; i < ROUNDS; i++) {
    await db.pool.query('delete from mail_throttle');
    known.push(await call('owner@tagbook.test'));
    unknown.push(await call(`nobody${i}@example.com`));
  }
  known.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  const k = percentile(known, 50);
  const u = percentile(unknown, 50);
  console.log(`registered address: median ${k.toFixed(2)} ms; unknown address: median ${u.toFixed(2)} ms (${ROUNDS} calls each)`);
  report('median difference, registered vs unknown', `${Math.abs(k - u).toFixed(2)} ms`, `< ${BUDGET_MS} ms`, Math.abs(k - u) < BUDGET_MS);
} finally {
  await server.stop();
  await db.drop();
}
