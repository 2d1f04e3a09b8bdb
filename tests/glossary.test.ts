import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeFiles, routePath } from './support/routes';

/*
 * A newcomer's check (issue 40): for each clinical word the glossary in docs/architecture.md names one
 * page, one API stem and one domain folder, and they exist.
 */

const section = readFileSync('docs/architecture.md', 'utf8').split('## Glossary')[1] ?? '';
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Word') && !line.startsWith('|---'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
const paths = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
const routes = new Set(routeFiles().map((route) => routePath(route.file, (param) => `:${param}`)));

describe('the glossary', () => {
  it.each([
    'medicatie',
    'metingen',
    'BVC',
    "risico's",
    'diagnoses',
    'allergieën',
    'signaleringsplan',
    'verplichte zorg',
    'overdracht',
    'niet verschenen',
  ])('names %s once', (word) => expect(rows.filter((row) => row[0] === word)).toHaveLength(1));

  it.each(rows.map((row) => [row[0]!, row] as const))('%s: its page, API paths and folder exist', (_word, [, page, api, folder]) => {
    expect(paths(page!)).toHaveLength(1);
    expect(routes.has(paths(page!)[0]!), `page ${page}`).toBe(true);
    const [stem, ...apiPaths] = paths(api!);
    expect(apiPaths.length).toBeGreaterThan(0);
    for (const apiPath of apiPaths) {
      expect(routes.has(apiPath), `API ${apiPath}`).toBe(true);
      // One stem: every path of the word carries it as a segment.
      expect(apiPath.split('/'), `${apiPath} under ${stem}`).toContain(stem);
    }
    expect(paths(folder!)).toHaveLength(1);
    expect(existsSync(paths(folder!)[0]!), `folder ${folder}`).toBe(true);
  });
});
