import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, validBsns, type SignedIn } from '../support/factories';
import { request } from '../support/http';

let nurse: SignedIn;

/** The form as a browser without JavaScript posts it. */
function post(path: string, fields: Record<string, string>, cookie = nurse.cookie) {
  return request(path, { method: 'POST', cookie, body: new URLSearchParams(fields) });
}

const base = {
  nameGiven: 'Kees',
  namePrefix: 'ter',
  familyName: 'Haar',
  bsn: validBsns[9]!,
  birthDate: '1966-02-01',
  gender: 'male',
  'address.postalCode': '3811 EE',
  'address.city': 'Amersfoort',
};

beforeAll(async () => {
  nurse = await signedInUser();
});

describe('patient pages without JavaScript', () => {
  it('answers an invalid form with Dutch field errors and keeps what was typed', async () => {
    const response = await post('/patients/new', { ...base, bsn: '12345', 'contact.email': 'kees@', 'address.postalCode': '38' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Een BSN bestaat uit precies 9 cijfers.');
    expect(html).toContain('Vul een geldig e-mailadres in.');
    expect(html).toContain('Vul een geldige postcode in, bijvoorbeeld 1234 AB.');
    expect(html).toContain('value="ter"');
    expect(html).toContain('value="kees@"');
  });

  it('creates a planned patient and redirects to the record, then edits it', async () => {
    const created = await post('/patients/new', base);
    expect(created.status).toBe(302);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/patients\/[0-9a-f-]{36}$/);

    const record = await (await request(location, { cookie: nurse.cookie })).text();
    expect(record).toContain('Kees ter Haar');
    expect(record).toContain('Gepland');
    expect(record).not.toContain(base.bsn.slice(0, 6));

    const edited = await post(`${location}/edit`, { ...base, episodeStatus: 'active', 'address.city': 'Leusden' });
    expect(edited.status).toBe(302);
    expect(edited.headers.get('location')).toBe(location);
    const after = await (await request(location, { cookie: nurse.cookie })).text();
    expect(after).toContain('In behandeling');
    expect(after).toContain('Leusden');
  });

  it('marks a John Doe admission until a BSN is added', async () => {
    const created = await post('/patients/new', { johnDoe: 'on', gender: 'unknown' });
    expect(created.status).toBe(302);
    const record = await (await request(created.headers.get('location')!, { cookie: nurse.cookie })).text();
    expect(record).toContain('Onbekende patiënt (NN).');
  });

  it('shows a Dutch 404 inside the shell for an unknown patient', async () => {
    const response = await request('/patients/00000000-0000-4000-8000-000000000000', { cookie: nurse.cookie });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('De gevraagde patiënt is niet gevonden.');
    expect(html).toContain('Hoofdnavigatie');
  });

  it('searches from the list page and filters by status', async () => {
    const html = await (await request('/patients?q=kees%20ter%20haar', { cookie: nurse.cookie })).text();
    expect(html).toContain('Kees ter Haar');
    expect(html).toContain('beste overeenkomst eerst');
    const finished = await (await request('/patients?status=finished', { cookie: nurse.cookie })).text();
    expect(finished).toContain('Geen patiënten met deze status');
  });

  it('has a tab for every status a patient can have, Gepland too, and the tab filters on it', async () => {
    const page = await (await request('/patients', { cookie: nurse.cookie })).text();
    // The status filter's own bar (the order has a bar of its own beside it).
    const list = page.slice(
      page.indexOf('aria-label="Filter op status"'),
      page.indexOf('</nav>', page.indexOf('aria-label="Filter op status"')),
    );
    const tabs = [...list.matchAll(/<a\b([^>]*)>([^<]+)<\/a>/g)]
      .filter(([, attributes]) => /class="segment/.test(attributes!))
      .map(([, attributes, label]) => `${/href="\/patients\?status=(\w+)"/.exec(attributes!)?.[1] ?? 'all'}:${label}`);
    expect(tabs).toEqual([
      'all:Alle',
      'planned:Gepland',
      'screening:Screening',
      'active:In behandeling',
      'finished:Afgerond',
      'cancelled:Geannuleerd',
    ]);

    // The John Doe admission above is still planned; Kees ter Haar is in treatment now.
    const planned = await (await request('/patients?status=planned', { cookie: nurse.cookie })).text();
    const badges = [...planned.matchAll(/class="badge status-(\w+)"/g)].map(([, status]) => status);
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['planned']));
    expect(planned).not.toContain('Kees ter Haar');
  });
});
