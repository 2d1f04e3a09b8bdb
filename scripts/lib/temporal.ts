import { Connection } from '@temporalio/client';
// A CommonJS module: plain Node (tsx, the benches) gives it only as a default export.
import proto from '@temporalio/proto';
import { execFileSync } from 'node:child_process';
import { portOpen, startProcess, waitFor, type Managed } from './processes';

const { temporal } = proto;

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

/** The custom search attributes the app sets (temporal/client.ts `organisationSearchAttribute`). */
export const searchAttributes = { OrganisationId: 'Keyword' } as const;

/** Registers them on a server started elsewhere (`make dev` reusing a running dev server); known ones are left alone. */
export async function ensureSearchAttributes(address: string, namespace = 'default'): Promise<void> {
  const connection = await Connection.connect({ address, connectTimeout: '2 seconds' });
  try {
    const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = Object.entries(searchAttributes).filter(([name]) => !(customAttributes && name in customAttributes));
    if (missing.length === 0) return;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(
        missing.map(([name]) => [name, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
      ),
    });
  } finally {
    await connection.close();
  }
}

/**
 * `temporal server start-dev` on loopback; a file DB keeps history across restarts when given.
 *
 * The dev server also binds internal ports it picks itself (history, matching, worker, membership):
 * with several servers starting at once on one machine (the benches beside the suite's stack), one
 * can lose such a port to another and exit while starting. That start is tried again, up to three
 * times, while the asked port is still free; a server that still will not start fails with the last
 * lines it wrote, so a CI log says why.
 */
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
  // Every start sets the organisation as a search attribute (the ops page filters on it); a server
  // that does not know it refuses the start.
  for (const [name, type] of Object.entries(searchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  const cli = temporalCli();
  const address = `127.0.0.1:${options.port}`;
  for (let attempt = 1; ; attempt++) {
    const lastLines: string[] = [];
    const server = startProcess('temporal', cli, args, {
      quiet: options.quiet,
      logFile: options.logFile,
      onLine: (line) => {
        lastLines.push(line);
        if (lastLines.length > 20) lastLines.shift();
      },
    });
    try {
      await waitFor('Temporal dev server', async () => ((await isTemporalUp(address)) ? true : undefined), 60_000, server.child);
      return server;
    } catch (error) {
      await server.stop();
      const exited = server.child.exitCode !== null;
      if (exited && attempt < 3 && !(await portOpen(options.port))) continue;
      throw new Error(`${(error as Error).message} (attempt ${attempt}); its last lines:\n${lastLines.join('\n') || '(none)'}`, {
        cause: error,
      });
    }
  }
}
