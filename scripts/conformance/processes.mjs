// The processes of a run: Tagbook's built server and the PowerSync Service, each a child process whose output is
// kept (and shown when it fails), stopped with SIGTERM and, if it does not go, SIGKILL.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

class Child {
  constructor(name, command, args, options) {
    this.name = name;
    this.output = '';
    this.child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      this.output += chunk.toString();
      // A long run logs a lot; what matters when it fails is the start and the end.
      if (this.output.length > 2_000_000) this.output = `${this.output.slice(0, 200_000)}\n…\n${this.output.slice(-800_000)}`;
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('close', (code, signal) => resolve(code ?? signal)));
    this.done = false;
    void this.exited.then(() => (this.done = true));
  }

  tail(lines = 40) {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  /** Resolves when `ready` says so; rejects when the process ends first or the backstop passes. */
  async until(ready, what, backstopMs) {
    const deadline = Date.now() + backstopMs;
    for (;;) {
      if (await ready()) return;
      if (this.done) throw new Error(`${this.name} exited before ${what}:\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`${this.name}: no ${what} within ${backstopMs} ms:\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(graceMs = 15_000) {
    if (this.done) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** dist/server/main.js as `npm start` runs it, on the given port; resolves once it listens. */
export async function startTagbook(root, name, env, backstopMs) {
  const child = new Child(name, process.execPath, [join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
  });
  await child.until(() => /listening on /.test(child.output), 'listening', backstopMs);
  return child;
}

/** service/lib/entry.js under the given directory: the repository's root or its service folder. */
export function serviceEntry(dir) {
  for (const candidate of [join(dir, 'service', 'lib', 'entry.js'), join(dir, 'lib', 'entry.js')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The PowerSync Service as configured for Tagbook: replicating from the source database, PostgreSQL bucket storage,
 * the project's sync-rules.yaml, tokens checked against Tagbook's JWKS with POWERSYNC_URL as their audience.
 */
export async function startService({ node, entry, dir, port, sourceUrl, storageUrl, syncRulesPath, jwksUrl, audience }, backstopMs) {
  const config = {
    replication: { connections: [{ type: 'postgresql', uri: sourceUrl, sslmode: 'disable' }] },
    storage: { type: 'postgresql', uri: storageUrl, sslmode: 'disable' },
    port,
    sync_rules: { path: syncRulesPath },
    client_auth: { jwks_uri: jwksUrl, audience: [audience] },
    telemetry: { disable_telemetry_sharing: true },
    system: { logging: { level: 'info', format: 'text' } },
  };
  const configPath = join(dir, 'powersync.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  const child = new Child('PowerSync Service', node, [entry, 'start', '-c', configPath], { cwd: dir, env: { ...process.env, NODE_ENV: 'production' } });
  const ready = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/probes/readiness`)).ok;
    } catch {
      return false;
    }
  };
  await child.until(ready, 'readiness', backstopMs);
  child.configPath = configPath;
  return child;
}

/**
 * Runs a command to its end (the service's CLI, Tagbook's --compact) and resolves with the milliseconds it took and
 * its output; rejects with the output when it fails or outlasts backstopMs.
 */
export async function runToEnd(name, command, args, options, backstopMs) {
  const started = performance.now();
  const child = new Child(name, command, args, options);
  const timer = setTimeout(() => child.child.kill('SIGKILL'), backstopMs);
  const status = await child.exited;
  clearTimeout(timer);
  if (status !== 0) throw new Error(`${name} failed (${status}):\n${child.tail()}`);
  return { ms: performance.now() - started, output: child.output };
}
