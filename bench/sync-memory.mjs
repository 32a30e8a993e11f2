// Server memory per idle sync stream (budget ≤ 50 KB): the server's resident set before and after 1,000 anonymous
// streams have received their first checkpoint and gone quiet. The server runs as a child process.
//   npm run build && node bench/sync-memory.mjs [streams]
import {
  insertVehicles,
  rawStream,
  replicated,
  report,
  requireServerBuild,
  rssKb,
  scratchDatabase,
  sleep,
  startServer,
  tokenSigner,
} from './sync-lib.mjs';

requireServerBuild();
const n = Number(process.argv[2]) || 1000;
const db = await scratchDatabase();
const server = await startServer(db.url);
let ok = false;
try {
  const sign = await tokenSigner(server.url, db.pool);
  await insertVehicles(db.pool, 20);
  await replicated(db.pool);
  const openAll = async (count) => {
    const streams = await Promise.all(Array.from({ length: count }, async () => rawStream(server.url, await sign(null))));
    await Promise.all(streams.map((s) => s.complete()));
    return streams;
  };
  // Warm up: code paths compiled, pools and buffers allocated, so the difference below is the streams alone.
  for (let round = 0; round < 2; round++) for (const s of await openAll(Math.min(n, 200))) await s.close();
  await sleep(3000);
  const before = rssKb(server.pid);
  const streams = await openAll(n);
  await sleep(3000);
  const during = rssKb(server.pid);
  const perStream = ((during - before) * 1024) / n / 1024;
  ok = perStream <= 50;
  report(`server RSS before / with ${n} idle streams`, `${(before / 1024).toFixed(1)} / ${(during / 1024).toFixed(1)} MB`);
  report('server memory per idle stream', `${perStream.toFixed(1)} KB`, '≤ 50 KB', ok);
  await Promise.all(streams.map((s) => s.close()));
} finally {
  await server.stop();
  await db.drop();
}
process.exit(ok ? 0 : 1);
