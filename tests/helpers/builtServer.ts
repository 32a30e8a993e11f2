import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { WAIT_BACKSTOP_MS } from './backstop.js';
import { requireBuild, ROOT } from './server.js';

export interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs dist/server/main.js as `npm start` would, on an ephemeral port, and waits for it to listen. */
export function startBuiltServer(env: Record<string, string>): Promise<Started> {
  requireBuild();
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // 'close', not 'exit': it fires only after stdout and stderr are drained, so the output is complete.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), WAIT_BACKSTOP_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on .* \(port (\d+),/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
