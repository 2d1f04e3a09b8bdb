import { existsSync, readFileSync } from 'node:fs';
import { parsePayloadKeys } from '../domain/config/payload-keys';
import { isTemporalUp } from './lib/temporal';
import { findOrStartPostgres } from './lib/postgres';
import { demoDatabase, demoServices, forgetDemoWorkflows, removeTemporalHistory, resetDemoDatabase } from './lib/demo';

// `npm run demo:reset`: the demo of `make dev` as a fresh machine shows it (ADR 0041), whether or
// not `make dev` is running. Tests and benches never need it: they keep databases of their own.
if (existsSync('.env')) process.loadEnvFile('.env');
const log = (line: string) => console.log(`\x1b[36mdemo    |\x1b[0m ${line}`);

function demoPayloadKeys() {
  const file = '.data/temporal-payload.key';
  const keys = process.env.TEMPORAL_PAYLOAD_KEYS ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);
  return keys ? parsePayloadKeys(keys) : undefined;
}

const database = demoDatabase();
const postgres = await findOrStartPostgres({ dataDir: '.data/postgres', embeddedPort: demoServices.embeddedPort, log });
try {
  await resetDemoDatabase({
    urlFor: postgres.urlFor,
    database,
    appUser: process.env.DATABASE_APP_USER ?? 'ggz_app',
    appPassword: process.env.DATABASE_APP_PASSWORD ?? 'ggz_app_dev',
    // The tenant keys stay as `make dev` left them; a fresh machine's demo learns them from its key (ADR 0046).
    payloadKeys: demoPayloadKeys(),
  });
  log(`database ${database}: emptied and seeded with the demo again`);
} finally {
  await postgres.stop();
}

const temporalAddress = `127.0.0.1:${demoServices.temporalPort}`;
if (await isTemporalUp(temporalAddress)) {
  const deleted = await forgetDemoWorkflows({ address: temporalAddress, namespace: process.env.TEMPORAL_NAMESPACE ?? 'default' });
  log(`Temporal on ${temporalAddress}: ${deleted} workflow run(s) of the demo deleted`);
} else if (await removeTemporalHistory(demoServices.temporalDbFile)) {
  log(`Temporal history ${demoServices.temporalDbFile} removed`);
}
log('done: log in again at the demo (sessions were part of the data)');
