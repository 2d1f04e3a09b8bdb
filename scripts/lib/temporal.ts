import { Connection } from '@temporalio/client';
import { execFileSync } from 'node:child_process';
import { startProcess, waitFor, type Managed } from './processes';

/** The Temporal CLI: on PATH, cached in .toolchain/bin, or built/downloaded by scripts/ensure-temporal.sh. */
export function temporalCli(): string {
  return execFileSync('bash', ['scripts/ensure-temporal.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

export async function isTemporalUp(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: '1 second' });
    await connection.workflowService.getSystemInfo({});
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

/** `temporal server start-dev` on loopback; a file DB keeps history across restarts when given. */
export async function startTemporalDevServer(options: {
  port: number;
  uiPort?: number;
  dbFile?: string;
  quiet?: boolean;
  logFile?: string;
}): Promise<Managed> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'error'];
  if (options.uiPort) args.push('--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1');
  else args.push('--headless');
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  const server = startProcess('temporal', temporalCli(), args, { quiet: options.quiet, logFile: options.logFile });
  const address = `127.0.0.1:${options.port}`;
  await waitFor('Temporal dev server', async () => ((await isTemporalUp(address)) ? true : undefined), 60_000, server.child);
  return server;
}
