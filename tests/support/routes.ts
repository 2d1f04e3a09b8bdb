import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RouteFile {
  file: string;
  /** A concrete URL path for the route, with sample values for its parameters. */
  path: string;
  methods: ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];
}

const routesDir = path.resolve('app/routes');
const sampleId = '00000000-0000-4000-8000-000000000000';

/** Remix flat-route file name → URL path (`api.reports.$id.ts` → `/api/reports/<uuid>`). */
export function routePath(fileName: string): string {
  const base = fileName.replace(/\/route\.[jt]sx?$/, '').replace(/\.[jt]sx?$/, '');
  const segments = base
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace('[.]', '.'))
    .filter((segment) => segment !== '_index' && !/^_[^.]/.test(segment))
    .map((segment) => segment.replace(/_$/, '').replace(/[[\]]/g, ''))
    .map((segment) => (segment === '$' ? 'onbekend/pad' : segment.startsWith('$') ? sampleId : segment));
  return `/${segments.join('/')}`;
}

function exportsOf(source: string, name: string): boolean {
  return new RegExp(`export\\s+(const|let|async\\s+function|function)\\s+${name}\\b`).test(source);
}

/** Every route module under app/routes, so new routes are covered by access tests automatically. */
export function routeFiles(): RouteFile[] {
  return readdirSync(routesDir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/${readdirSync(path.join(routesDir, entry.name)).find((f) => /^route\.[jt]sx?$/.test(f)) ?? ''}` : entry.name))
    .filter((file) => /\.[jt]sx?$/.test(file) && !/\.test\.[jt]sx?$/.test(file))
    .map((file) => {
      const source = readFileSync(path.join(routesDir, file), 'utf8');
      const methods: RouteFile['methods'] = [];
      if (exportsOf(source, 'loader')) methods.push('GET');
      if (exportsOf(source, 'action')) methods.push('POST', 'PUT', 'PATCH', 'DELETE');
      return { file, path: routePath(file), methods };
    });
}
