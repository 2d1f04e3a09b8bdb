import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../domain/demo/demo-accounts';
import type { Role } from '../../domain/auth/auth.entities';
import { login, request } from '../support/http';
import { languageProblems, visibleText, type LanguageProblem } from '../support/ui-language';

/*
 * The style guide (docs/style-guide.md) on every page a demo user can reach by following links:
 * each role signs in, starts at the pages of its menu and follows the links it is shown, a few
 * of each kind (every patient tab, every agenda view and filter, every letter, the beheer filters).
 */

const startPages: Record<Role, string[]> = {
  verpleegkundige: ['/patients', '/overdracht', '/agenda', '/brieven', '/assistent', '/patients/new', '/agenda/nieuw', '/brieven/nieuw'],
  psychiater: ['/patients', '/overdracht', '/agenda', '/brieven', '/assistent'],
  beheerder: ['/beheer/workflows'],
};

const perKind = 2;
const maxPages = 300;

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * "/patients/<id>/metingen?datum=2026-11-23" → "/patients/:id/metingen?datum=:datum": pages of one
 * kind. The query is sorted, so "?rol=x&periode=y" and "?periode=y&rol=x" are one kind too.
 */
function kindOf(path: string): string {
  const [pathname, query = ''] = path
    .replace(uuid, ':id')
    .replace(/\d{4}-\d{2}-\d{2}/g, ':datum')
    .split('?');
  const params = new URLSearchParams(query);
  params.sort();
  return params.size > 0 ? `${pathname}?${params}` : pathname!;
}

function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="(\/[^"#]*)"/gi)]
    .map((match) => match[1]!.replace(/&amp;/g, '&'))
    .filter((href) => !/^\/(api|build|logout)\b|\.(pdf|css|js|png|svg|ico)$/.test(href));
}

interface Visit {
  path: string;
  problems: LanguageProblem[];
}

/** Every page reachable from the start pages, breadth first, at most `perKind` of each kind. */
async function crawl(cookie: string | undefined, starts: string[]): Promise<Visit[]> {
  const queue = [...starts];
  const seen = new Set<string>(starts);
  const perKindSeen = new Map<string, number>();
  const visits: Visit[] = [];
  while (queue.length > 0 && visits.length < maxPages) {
    const path = queue.shift()!;
    const response = await request(path, { cookie });
    // A redirect or an error page is not this test's subject; the page behind a redirect is linked elsewhere.
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) {
      await response.body?.cancel();
      continue;
    }
    const html = await response.text();
    visits.push({ path, problems: languageProblems(visibleText(html)) });
    for (const link of linksIn(html)) {
      if (seen.has(link)) continue;
      seen.add(link);
      const kind = kindOf(link);
      const count = perKindSeen.get(kind) ?? 0;
      if (count >= perKind) continue;
      perKindSeen.set(kind, count + 1);
      queue.push(link);
    }
  }
  return visits;
}

const report = (visits: Visit[]) =>
  visits.flatMap((visit) => visit.problems.map((problem) => `${visit.path}: ${problem.rule} — “${problem.context}”`));

describe('the language on every page (docs/style-guide.md)', () => {
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    for (const role of Object.keys(startPages) as Role[]) {
      const { cookie } = await login(demoAccounts[role].email, demoPassword);
      if (!cookie) throw new Error(`the demo ${role} could not sign in`);
      cookies.set(role, cookie);
    }
  });

  it('the login page', async () => {
    const visits = await crawl(undefined, ['/login']);
    expect(visits.map((visit) => visit.path)).toContain('/login');
    expect(report(visits)).toEqual([]);
  });

  for (const role of Object.keys(startPages) as Role[]) {
    it(`every page the demo ${role} reaches`, async () => {
      const visits = await crawl(cookies.get(role), startPages[role]);
      // The crawl really went through the product, not just its start pages.
      expect(visits.length).toBeGreaterThan(role === 'beheerder' ? 3 : 30);
      expect(report(visits)).toEqual([]);
    }, 180_000);
  }
});
