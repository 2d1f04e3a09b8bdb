import pg from 'pg';
import { startWeb } from '../../scripts/lib/stack';
const buildDir = '/work/wt-faults/.cache/bench-build';
const owner = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/ggz_epd_load' });
await owner.connect();
const ward = (await owner.query("select p.id from patients p join reports r on r.patient_id = p.id group by p.id limit 5")).rows.map((r) => r.id);
const name = (await owner.query("select family_name from patients limit 1 offset 5000")).rows[0].family_name;
await owner.end();
const web = await startWeb({ ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ggz_epd_load', DATABASE_APP_PASSWORD: 'ggz_app_dev', TEMPORAL_ADDRESS: '127.0.0.1:1', REMIX_SERVER_BUILD_PATH: `${buildDir}/index.js`, REMIX_ASSETS_BUILD_DIR: `${buildDir}/public` }, { degraded: true, quiet: true, logFile: '/tmp/probe/web.log' });
const login = await fetch(`${web.baseUrl}/login`, { method: 'POST', body: new URLSearchParams({ email: 'clinicus-0@ggz-epd.test', password: 'bench' }), redirect: 'manual' });
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
const paths = process.env.PATHS?.split(' ') ?? ['/api/health', '/patients?pagina=3', `/api/patients/search?q=${name}`, '/api/fhir/Patient?status=active&_count=25&_offset=50', `/patients/${ward[0]}/rapportages`, `/api/reports?patientId=${ward[1]}`, '/agenda?van=mij', '/api/assistant/agenda?label=deze%20week', '/overdracht?periode=1d', '/api/overdracht/patients?period=1d&limit=100', 'POST /api/core/classify'];
for (const entry of paths) {
  const [method, path] = entry.startsWith('POST ') ? ['POST', entry.slice(5)] : ['GET', entry];
  const times: number[] = [];
  let status = 0; let size = 0;
  for (let i = 0; i < 8; i++) {
    const started = performance.now();
    const response = await fetch(`${web.baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json', origin: web.baseUrl }, body: method === 'POST' ? JSON.stringify({ input: 'Wat staat er morgen in mijn agenda?' }) : undefined });
    size = (await response.arrayBuffer()).byteLength; status = response.status;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${entry.padEnd(60)} ${status} median ${times[4]!.toFixed(0).padStart(5)} ms  min ${times[0]!.toFixed(0).padStart(5)} ms  ${(size / 1024).toFixed(0)} kB`);
}
await web.stop();
