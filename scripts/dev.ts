import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { newPayloadKey } from '../domain/config/payload-keys';
import { parseEnv } from '../domain/config/env';
import { portOpen, startProcess, type Managed } from './lib/processes';
import { demoDatabase, demoServices } from './lib/demo';
import { appEnv, remixCli, startServices, startWorker, waitForHealthy, type Services } from './lib/stack';

if (existsSync('.env')) process.loadEnvFile('.env');
const log = (line: string) => console.log(`\x1b[36mdev     |\x1b[0m ${line}`);

const port = Number(process.env.PORT ?? 3000);
const database = demoDatabase();
const running: Managed[] = [];
let services: Services | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const managed of running.reverse()) await managed.stop();
  await services?.stop();
  process.exit(code);
}
/**
 * The development key of the Temporal codec (ADR 0025), made once and kept in `.data/`, so the
 * histories of the dev server stay readable across restarts. Production sets its own.
 */
async function developmentPayloadKey(): Promise<string> {
  const file = '.data/temporal-payload.key';
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const key = newPayloadKey();
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  log(`a development key for Temporal's payloads was written to ${file}`);
  return key;
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  if (await portOpen(port)) throw new Error(`port ${port} is already in use; stop the other process or set PORT`);
  await mkdir('.data', { recursive: true });
  services = await startServices({
    payloadKeys: process.env.TEMPORAL_PAYLOAD_KEYS ?? (await developmentPayloadKey()),
    database,
    recreateDatabase: false,
    ...demoServices,
    reuseTemporal: true,
    log,
  });
  const env = appEnv(services, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: process.env.HOST ?? '127.0.0.1',
    TEMPORAL_UI_URL: process.env.TEMPORAL_UI_URL ?? `http://127.0.0.1:${demoServices.temporalUiPort}`,
  });
  parseEnv(env); // fail here, with the variable's name, rather than in two child processes

  running.push(startWorker(env, { watch: true }));
  const web = startProcess('web', process.execPath, [remixCli, 'dev', '-c', 'tsx server.ts'], { env });
  running.push(web);
  await waitForHealthy(`http://127.0.0.1:${port}`, 180_000, web.child);

  console.log(`
  \x1b[1mGGZ-EPD draait\x1b[0m
    App            http://localhost:${port}
    Temporal UI    http://localhost:8233   (workflows en hun geschiedenis)
    Temporal       127.0.0.1:7233
    Health         http://localhost:${port}/api/health

  Demo-logins (wachtwoord: demo)
    verpleegkundige@demo.nl   Verpleegkundige
    psychiater@demo.nl        Psychiater
    beheer@demo.nl            Functioneel beheerder (workflows: /beheer/workflows)

  Demo terug naar de begintoestand: npm run demo:reset
  ${env.OPENAI_API_KEY ? '' : '\n  Geen OPENAI_API_KEY: AI-functies gebruiken hun lokale, deterministische pad.\n'}
  Ctrl-C stopt alles.
`);
} catch (error) {
  console.error(`\x1b[31mmake dev failed:\x1b[0m ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
