import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, run, startProcess, type Managed } from '../../scripts/lib/processes';
import { appEnv, remixCli, startServices, startWorker, tsxCli, waitForHealthy, type Services } from '../../scripts/lib/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    ownerUrl: string;
    appUrl: string;
    temporalAddress: string;
  }
}

const logDir = path.resolve('.cache/test-logs');
const buildDir = path.resolve('.cache/test-build');

/**
 * Starts everything the integration and browser tests talk to, on free loopback ports, with its
 * own database (recreated per run), and stops all of it afterwards.
 */
export default async function setup(project: TestProject) {
  await rm(logDir, { recursive: true, force: true });
  await mkdir(logDir, { recursive: true });
  const log = (line: string) => process.stdout.write(`[stack] ${line}\n`);
  const started: Managed[] = [];
  let services: Services | undefined;

  const teardown = async () => {
    for (const managed of started.reverse()) await managed.stop();
    await services?.stop();
  };

  try {
    const buildEnv = { ...process.env, REMIX_SERVER_BUILD_PATH: `${buildDir}/index.js`, REMIX_ASSETS_BUILD_DIR: `${buildDir}/public` };
    const [startedServices] = await Promise.all([
      startServices({
        // TEST_DATABASE lets two checkouts run their stacks side by side on one PostgreSQL.
        database: process.env.TEST_DATABASE ?? 'ggz_epd_test',
        recreateDatabase: true,
        embeddedPort: 54330,
        temporalPort: await freePort(),
        reuseTemporal: false,
        quiet: true,
        logDir,
        log,
      }),
      run(process.execPath, [remixCli, 'build'], { env: buildEnv }),
    ]);
    services = startedServices;

    const port = await freePort();
    const env = appEnv(services, {
      ...buildEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      OPENAI_API_KEY: '',
      SESSION_TTL_HOURS: '12',
      // Lets the login-throttling test act as several client addresses through X-Forwarded-For;
      // without that header every test is 127.0.0.1, as before.
      TRUST_PROXY: 'loopback',
    });
    started.push(startWorker(env, { quiet: true, logFile: path.join(logDir, 'worker.log') }));
    const web = startProcess('web', process.execPath, [tsxCli, 'server.ts'], { env, quiet: true, logFile: path.join(logDir, 'web.log') });
    started.push(web);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealthy(baseUrl, 120_000, web.child);
    log(`app ${baseUrl}, Temporal ${services.temporalAddress} (logs in .cache/test-logs)`);

    project.provide('baseUrl', baseUrl);
    project.provide('ownerUrl', services.ownerUrl);
    project.provide('appUrl', services.appUrl);
    project.provide('temporalAddress', services.temporalAddress);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
