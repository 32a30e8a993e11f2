import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AwsClient } from 'aws4fetch';

export interface S3Server {
  endpoint: string;
  /** What a server needs in its environment to store files there. */
  env: Record<string, string>;
  /** The SHA-256 names of the stored files. */
  objects(): Promise<string[]>;
  stop(): Promise<void>;
}

const BUCKET = 'tagbook-files';
// s3rver's fixed credentials.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3-compatible server (s3rver, s3-server.mjs) in its own process, with one empty bucket. */
export async function startS3Server(): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'tagbook-s3-'));
  const child = spawn(process.execPath, [join(import.meta.dirname, 's3-server.mjs'), dir, BUCKET], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
  const client = new AwsClient({ ...KEYS, service: 's3', region: 'us-east-1' });
  return {
    endpoint,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    async objects() {
      const res = await client.fetch(`${endpoint}/${BUCKET}?list-type=2`);
      return [...(await res.text()).matchAll(/<Key>files\/([0-9a-f]{64})<\/Key>/g)].map((m) => m[1]!);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
