// A PostgreSQL cluster of the run's own, with logical replication, in a temporary directory: the machine's own
// PostgreSQL is never touched. PostgreSQL refuses to run as root, so as root the cluster runs as another user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** Where initdb and pg_ctl are: PG_BIN, else what pg_config says, else PATH. */
function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: PATH it is
  }
  return '';
}

/** As root: the first of these users that exists runs the cluster. */
const RUN_AS_CANDIDATES = ['postgres', 'nobody'];

function userIds(name) {
  try {
    const id = (flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

export class Cluster {
  /** @param {string} dir a fresh directory of the run's; the cluster lives in dir/pg, its socket in dir */
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.data = join(dir, 'pg');
    this.log = join(dir, 'postgres.log');
    this.bin = binDir();
    this.runAs = null;
    if (process.getuid?.() === 0) {
      this.runAs = RUN_AS_CANDIDATES.map(userIds).find((u) => u !== null) ?? null;
      if (!this.runAs) throw new Error(`running as root, and none of the users ${RUN_AS_CANDIDATES.join(', ')} exists to run PostgreSQL`);
      chownSync(dir, this.runAs.uid, this.runAs.gid);
    }
    this.started = false;
  }

  /** Runs a PostgreSQL program (as the cluster's user when we are root); throws with its output when it fails. */
  run(program, args) {
    const path = this.bin ? join(this.bin, program) : program;
    const [command, argv] = this.runAs ? ['runuser', ['-u', this.runAs.name, '--', path, ...args]] : [path, args];
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: this.dir });
    if (result.error) throw new Error(`${program}: ${result.error.message}`);
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}):\n${result.stdout}${result.stderr}`);
    return result.stdout;
  }

  url(database) {
    // The PowerSync Service refuses a URI without a password (PSYNC_S1108) even under trust: any will do.
    return `postgres://postgres:unused@127.0.0.1:${this.port}/${database}`;
  }

  async start(databases) {
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const options = [
      '-c wal_level=logical', `-c port=${this.port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${this.dir}`,
      '-c max_replication_slots=10', '-c max_wal_senders=10', '-c fsync=off', '-c synchronous_commit=off',
    ].join(' ');
    this.run('pg_ctl', ['-D', this.data, '-l', this.log, '-o', options, '-w', 'start']);
    this.started = true;
    const admin = new pg.Client({ connectionString: this.url('postgres') });
    await admin.connect();
    try {
      for (const name of databases) await admin.query(`create database ${name}`);
      const [{ wal_level: walLevel, server_version: version }] = (await admin.query(
        "select current_setting('wal_level') as wal_level, current_setting('server_version') as server_version",
      )).rows;
      return { walLevel, version };
    } finally {
      await admin.end();
    }
  }

  stop() {
    if (!this.started) return;
    this.started = false;
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }
}
