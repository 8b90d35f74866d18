// A PostgreSQL cluster of the browser test's own, as tests/core/pg_cluster.rs
// makes one: initdb in a temporary folder, pg_ctl start on 127.0.0.1 with a
// free port (its socket in the same folder), a database `stronghold`; run as
// the `postgres` user when the test runs as root. `stop()` stops it
// (immediate) and removes the folder.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder with initdb and pg_ctl (Debian: /usr/lib/postgresql/N/bin). */
function binaries() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error("PostgreSQL's programs (initdb, pg_ctl) are not installed: `bash scripts/setup-system` installs Debian's `postgresql`");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPgCluster() {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'stronghold-pg-'));
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['-R', 'postgres:', dir]);
  const run = (program, args) => {
    const path = join(bin, program);
    const [command, all] = root ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    return execFileSync(command, all, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-W', 'start']);
  for (let tries = 0; ; tries++) {
    try {
      run('pg_isready', ['-h', '127.0.0.1', '-p', String(port), '-t', '1']);
      break;
    } catch (error) {
      if (tries > 300) throw new Error(`PostgreSQL not ready on port ${port}: ${error.message}`);
      await sleep(100);
    }
  }
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'stronghold']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/stronghold`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
