import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, run, type Managed } from '../../scripts/lib/processes';
import { appEnv, remixCli, startServices, startWeb, startWorker, type Services } from '../../scripts/lib/stack';
import { writeWorkflowBundle } from '../../workers/worker';
import { startFakeSpeechProvider, type FakeSpeechProvider } from '../support/fake-speech-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    ownerUrl: string;
    appUrl: string;
    temporalAddress: string;
    speechProviderUrl: string;
    speechProviderKey: string;
    /** What the stack's app process was started with beyond the environment, for tests that start another one. */
    appEnv: Record<string, string>;
    /** The product's workflows bundled once per run: every worker a test starts loads this file. */
    workflowBundle: string;
    /** The payload keys of the stack's app and worker: test clients and workers use them too (ADR 0025). */
    payloadKeys: string;
  }
}

const logDir = path.resolve('.cache/test-logs');
const buildDir = path.resolve('.cache/test-build');
const workflowBundle = path.resolve('.cache/test-workflow-bundle.js');

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
  let speech: FakeSpeechProvider | undefined;

  const teardown = async () => {
    for (const managed of started.reverse()) await managed.stop();
    await services?.stop();
    await speech?.close();
  };

  try {
    const buildEnv = { ...process.env, REMIX_SERVER_BUILD_PATH: `${buildDir}/index.js`, REMIX_ASSETS_BUILD_DIR: `${buildDir}/public` };
    const [startedServices] = await Promise.all([
      startServices({
        // TEST_DATABASE lets two checkouts run their stacks side by side on one PostgreSQL.
        database: process.env.TEST_DATABASE ?? 'ggz_epd_test',
        recreateDatabase: true,
        // The clock stage's own embedded server (TEST_EMBEDDED_POSTGRES_DIR) takes a free port, so a
        // second run beside it (another checkout's clock stage) cannot find its port taken.
        embeddedPort: process.env.TEST_EMBEDDED_POSTGRES_DIR ? await freePort() : 54330,
        temporalPort: await freePort(),
        reuseTemporal: false,
        quiet: true,
        logDir,
        log,
      }),
      // The clock stage runs the same code at four moments: it builds once (TEST_REUSE_BUILD).
      process.env.TEST_REUSE_BUILD === '1' && existsSync(`${buildDir}/index.js`)
        ? Promise.resolve()
        : // Built as production builds it (React's production bundles, no jsxDEV); the app still runs
          // with NODE_ENV=test, and the benches' smoke runs serve this build as production.
          run(process.execPath, [remixCli, 'build'], { env: { ...buildEnv, NODE_ENV: 'production' } }),
      process.env.TEST_REUSE_BUILD === '1' && existsSync(workflowBundle) ? Promise.resolve() : writeWorkflowBundle(workflowBundle, true),
    ]);
    services = startedServices;

    // Speech input (ADR 0016): the app asks a loopback Deepgram stand-in for tokens, and the
    // browser tests stream to it; its key is the long-lived secret the tests check never leaks.
    speech = await startFakeSpeechProvider();

    const webSettings = {
      REMIX_SERVER_BUILD_PATH: buildEnv.REMIX_SERVER_BUILD_PATH,
      REMIX_ASSETS_BUILD_DIR: buildEnv.REMIX_ASSETS_BUILD_DIR,
      NODE_ENV: 'test',
      OPENAI_API_KEY: '',
      SESSION_TTL_HOURS: '12',
      SPEECH_PROVIDER: 'deepgram',
      SPEECH_BASE_URL: speech.url,
      DEEPGRAM_API_KEY: speech.apiKey,
      // Lets the login-throttling test act as several client addresses through X-Forwarded-For;
      // without that header every test is 127.0.0.1, as before.
      TRUST_PROXY: 'loopback',
      // The no-JavaScript handover post waits this long for a model the test keeps stuck (25 s in
      // production); the mocked model answers in well under a second.
      HANDOVER_FORM_WAIT_SECONDS: '8',
      // Where the beheer page links each run's history: a configured address, not the dev loopback.
      TEMPORAL_UI_URL: 'https://temporal.ggz.test',
    };
    const env = appEnv(services, webSettings);
    started.push(startWorker(env, { quiet: true, logFile: path.join(logDir, 'worker.log'), workflowBundle }));
    // Healthy means the worker answered too; on two busy cores the stack gets four minutes before it
    // counts as broken.
    const web = await startWeb(env, { quiet: true, logFile: path.join(logDir, 'web.log'), timeoutMs: 240_000 });
    started.push(web);
    const { baseUrl } = web;
    log(`app ${baseUrl}, Temporal ${services.temporalAddress} (logs in .cache/test-logs)`);

    project.provide('baseUrl', baseUrl);
    project.provide('ownerUrl', services.ownerUrl);
    project.provide('appUrl', services.appUrl);
    project.provide('temporalAddress', services.temporalAddress);
    project.provide('speechProviderUrl', speech.url);
    project.provide('speechProviderKey', speech.apiKey);
    project.provide('appEnv', {
      ...webSettings,
      DATABASE_URL: services.ownerUrl,
      APP_DATABASE_URL: services.appUrl,
      TEMPORAL_ADDRESS: services.temporalAddress,
      TEMPORAL_PAYLOAD_KEYS: services.payloadKeys,
    });
    project.provide('payloadKeys', services.payloadKeys);
    project.provide('workflowBundle', workflowBundle);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
