import { loadEnvOrExit } from '../domain/config/env';
import { createOrm } from '../domain/db/orm';
import { seedDemo } from '../domain/demo/demo.seed';
import { prepareDatabase } from './lib/database';

// Operators' step (docker-compose `migrate`): create the app role, migrate, and seed the demo
// organisation only when the demo login is enabled.
const env = loadEnvOrExit();
const owner = new URL(env.DATABASE_URL);
const database = owner.pathname.slice(1);
await prepareDatabase({
  urlFor: (db) => Object.assign(new URL(env.DATABASE_URL), { pathname: `/${db}` }).toString(),
  database,
  appUser: env.DATABASE_APP_USER,
  appPassword: env.DATABASE_APP_PASSWORD ?? 'ggz_app_dev',
  // The app proves its tenant with keys derived from these; the database learns them here (ADR 0046).
  payloadKeys: env.payloadKeys,
});
if (env.DEMO_LOGIN) {
  const orm = await createOrm(env.DATABASE_URL, { poolMax: 2 });
  await seedDemo(orm).finally(() => orm.close());
}
console.log(`database ${database}: ready`);
