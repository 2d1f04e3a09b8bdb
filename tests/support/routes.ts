import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteFile {
  file: string;
  /** A concrete URL path for the route, with sample values for its parameters. */
  path: string;
  methods: Method[];
  /** The dynamic segments (`$id` → `id`), in order. */
  params: string[];
}

const routesDir = path.resolve('app/routes');

/**
 * The routes anyone may call without a session: the login, the health check, and the FHIR API's
 * discovery (CapabilityStatement, SMART configuration) and token endpoint, open by design (ADR 52).
 */
export const publicRoutes: ReadonlySet<string> = new Set([
  '/api/health',
  '/login',
  '/logout',
  '/',
  '/robots.txt',
  '/api/fhir/metadata',
  '/api/fhir/.well-known/smart-configuration',
  '/api/fhir/auth/token',
]);
const sampleId = '00000000-0000-4000-8000-000000000000';

/** The URL's segments; a parameter is `$name`, and an escaped one (`[$everything]`) is a literal. */
function urlSegments(fileName: string): { text: string; param: boolean }[] {
  const base = fileName.replace(/\/route\.[jt]sx?$/, '').replace(/\.[jt]sx?$/, '');
  return base
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace('[.]', '.'))
    .filter((segment) => segment !== '_index' && !/^_[^.]/.test(segment))
    .map((segment) => ({ text: segment.replace(/_$/, '').replace(/[[\]]/g, ''), param: segment.startsWith('$') }));
}

/** Remix flat-route file name → URL path (`api.reports.$id.ts` → `/api/reports/<uuid>`). */
export function routePath(fileName: string, value: (param: string) => string = () => sampleId): string {
  const segments = urlSegments(fileName).map(({ text, param }) => (!param ? text : text === '$' ? 'onbekend/pad' : value(text.slice(1))));
  return `/${segments.join('/')}`;
}

function exportsOf(source: string, name: string): boolean {
  return new RegExp(`export\\s+(const|let|async\\s+function|function)\\s+${name}\\b`).test(source);
}

/** Every route module under app/routes, so new routes are covered by access tests automatically. */
export function routeFiles(): RouteFile[] {
  return readdirSync(routesDir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? `${entry.name}/${readdirSync(path.join(routesDir, entry.name)).find((f) => /^route\.[jt]sx?$/.test(f)) ?? ''}`
        : entry.name,
    )
    .filter((file) => /\.[jt]sx?$/.test(file) && !/\.test\.[jt]sx?$/.test(file))
    .map((file) => {
      const source = readFileSync(path.join(routesDir, file), 'utf8');
      const methods: RouteFile['methods'] = [];
      if (exportsOf(source, 'loader')) methods.push('GET');
      if (exportsOf(source, 'action')) methods.push('POST', 'PUT', 'PATCH', 'DELETE');
      const params = urlSegments(file)
        .filter(({ text, param }) => param && text !== '$')
        .map(({ text }) => text.slice(1));
      return { file, path: routePath(file), methods, params };
    });
}

/** The records a URL parameter can name; the cross-organisation tests make one of each. */
export type Resource =
  | 'patient'
  | 'report'
  | 'appointment'
  | 'letter'
  | 'plan'
  | 'chain'
  | 'observation'
  | 'scale'
  | 'diagnosis'
  | 'medication'
  | 'administration'
  | 'legalStatus'
  | 'allergy'
  | 'coerciveMeasure'
  | 'handoverSummary';

/**
 * Which record each route parameter names, per route file (`PUT:id` when one method names another
 * record than the rest). A new route with a parameter fails the access tests until it is listed
 * here, so no id-bearing route escapes the cross-organisation check.
 */
const parameterResources: Record<string, Record<string, Resource | { literal: string }>> = {
  '_app.agenda.$appointmentId.tsx': { appointmentId: 'appointment' },
  '_app.brieven.$letterId.tsx': { letterId: 'letter' },
  '_app.patients.$id._index.tsx': { id: 'patient' },
  '_app.patients.$id.agenda.tsx': { id: 'patient' },
  '_app.patients.$id.allergieen.tsx': { id: 'patient' },
  '_app.patients.$id.behandelplan.tsx': { id: 'patient' },
  '_app.patients.$id.diagnoses.tsx': { id: 'patient' },
  '_app.patients.$id.dossiervraag.tsx': { id: 'patient' },
  '_app.patients.$id.edit.tsx': { id: 'patient' },
  '_app.patients.$id.intake.tsx': { id: 'patient' },
  '_app.patients.$id.intake_.$section.tsx': { id: 'patient', section: { literal: 'anamnese' } },
  '_app.patients.$id.medicatie.tsx': { id: 'patient' },
  '_app.patients.$id.medicatie_.nieuw.tsx': { id: 'patient' },
  '_app.patients.$id.metingen.tsx': { id: 'patient' },
  '_app.patients.$id.overdracht.tsx': { id: 'patient' },
  '_app.patients.$id.metingen_.bvc.tsx': { id: 'patient' },
  '_app.patients.$id.rapportages.tsx': { id: 'patient' },
  '_app.patients.$id.risicos.tsx': { id: 'patient' },
  '_app.patients.$id.signaleringsplan.tsx': { id: 'patient' },
  '_app.patients.$id.toegang.tsx': { id: 'patient' },
  '_app.patients.$id.tsx': { id: 'patient' },
  '_app.patients.$id.verplichte-zorg.tsx': { id: 'patient' },
  'api.allergies.$id.lapse.ts': { id: 'allergy' },
  // A koppeling is the beheerder's, not a clinician's: its cross-organisation 404 is in koppeling-pages.int.test.ts.
  'api.beheer.koppelingen.$id.intrekken.ts': { id: { literal: '00000000-0000-4000-8000-000000000000' } },
  'api.behandelplan.$id.approve.ts': { id: 'plan' },
  'api.bvc.$id.correct.ts': { id: 'scale' },
  'api.behandelplan.$id.ts': { id: 'patient', 'PUT:id': 'plan' },
  'api.diagnoses.$id.end.ts': { id: 'diagnosis' },
  'api.diagnoses.$id.primary.ts': { id: 'diagnosis' },
  'api.coercive-measures.$id.end.ts': { id: 'coerciveMeasure' },
  'api.coercive-measures.$id.evaluations.ts': { id: 'coerciveMeasure' },
  'api.fhir.$type.$id.ts': { type: { literal: 'Appointment' }, id: 'appointment' },
  'api.fhir.$type.$id.[_history].ts': { type: { literal: 'Appointment' }, id: 'appointment' },
  'api.fhir.$type.$id.[_history].$vid.ts': { type: { literal: 'Appointment' }, id: 'appointment', vid: { literal: '1' } },
  'api.fhir.$type.[_history].ts': { type: { literal: 'Appointment' } },
  'api.fhir.$type.[_search].ts': { type: { literal: 'Observation' } },
  'api.fhir.$type.ts': { type: { literal: 'Observation' } },
  'api.fhir.Patient.$id.ts': { id: 'patient' },
  'api.fhir.Patient.$id.[$everything].ts': { id: 'patient' },
  'api.intent.chains.$id.confirm.ts': { id: 'chain' },
  'api.intent.chains.$id.reject.ts': { id: 'chain' },
  'api.intent.chains.$id.ts': { id: 'chain' },
  'api.noshow.$appointmentId.cancel.ts': { appointmentId: 'appointment' },
  'api.noshow.$appointmentId.context.ts': { appointmentId: 'appointment' },
  'api.noshow.$appointmentId.dispatch.ts': { appointmentId: 'appointment' },
  'api.noshow.$appointmentId.rescript.ts': { appointmentId: 'appointment' },
  'api.noshow.$appointmentId.withdraw.ts': { appointmentId: 'appointment' },
  'api.legal-status.$id.correct.ts': { id: 'legalStatus' },
  'api.overdracht.$patientId.ts': { patientId: 'patient' },
  'api.overdracht.summaries.$summaryId.actions.$item.ts': { summaryId: 'handoverSummary', item: { literal: '0' } },
  'api.medication-administrations.$id.effect.ts': { id: 'administration' },
  'api.medication.administrations.$id.effect.ts': { id: 'administration' },
  'api.medication.$id.administrations.ts': { id: 'medication' },
  'api.medication.$id.stop.ts': { id: 'medication' },
  'api.patients.$id._index.ts': { id: 'patient' },
  'api.patients.$id.bvc.ts': { id: 'patient' },
  'api.patients.$id.dossiervraag.ts': { id: 'patient' },
  'api.patients.$id.intake.$section.ts': { id: 'patient', section: { literal: 'anamnese' } },
  'api.patients.$id.intake.ts': { id: 'patient' },
  'api.patients.$id.medication.ts': { id: 'patient' },
  'api.patients.$id.diagnoses.ts': { id: 'patient' },
  'api.patients.$id.discharge.ts': { id: 'patient' },
  'api.patients.$id.risks.ts': { id: 'patient' },
  'api.patients.$id.allergies.ts': { id: 'patient' },
  'api.patients.$id.banner.ts': { id: 'patient' },
  'api.patients.$id.coercive-measures.ts': { id: 'patient' },
  'api.patients.$id.legal-status.ts': { id: 'patient' },
  'api.patients.$id.signaleringsplan.ts': { id: 'patient' },
  'api.patients.$id.vitals.ts': { id: 'patient' },
  'api.reports.$id.ts': { id: 'report' },
  'api.vitals.$id.correct.ts': { id: 'observation' },
  'brieven.$letterId.afdrukken.tsx': { letterId: 'letter' },
  'brieven.$letterId.pdf.ts': { letterId: 'letter' },
};

/** Whether a parameter of the route names a record (not only a literal such as a FHIR resource type). */
export function namesRecord(route: RouteFile): boolean {
  const known = parameterResources[route.file] ?? {};
  return route.params.some((param) => typeof (known[param] ?? 'unknown') === 'string');
}

/** The route's URL with the given records' ids; throws for a parameter nobody has described yet. */
export function pathFor(route: RouteFile, method: Method, ids: Record<Resource, string>): string {
  const known = parameterResources[route.file];
  return routePath(route.file, (param) => {
    const resource = known?.[`${method}:${param}`] ?? known?.[param];
    if (!resource) throw new Error(`${route.file}: parameter $${param} names no known record; describe it in tests/support/routes.ts`);
    return typeof resource === 'string' ? ids[resource] : resource.literal;
  });
}
