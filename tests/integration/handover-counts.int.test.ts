import { beforeAll, describe, expect, it } from 'vitest';
import { alertParts, type HandoverAlerts } from '../../domain/handover/handover.alerts';
import { asOwner, createReport, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { json, request } from '../support/http';

/*
 * Issue 26, point 4: one source of truth for the counts. On a patient with critical and raised
 * vitals, incidents and a crisis, the ward list's badges, the detail's tiles, the generated summary
 * and the record's Overdracht tab give the same figures for the same period.
 */

let nurse: SignedIn;
let patientId: string;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

/** The tiles in a page's HTML, as kind → count. */
function tilesIn(html: string): Record<string, number> {
  return Object.fromEntries(
    [...html.matchAll(/class="alert-tile alert-(\w+)[^"]*"><svg[\s\S]*?<span class="alert-tile-count">(\d+)<\/span>/g)].map((match) => [
      match[1]!,
      Number(match[2]),
    ]),
  );
}

const byKind = (alerts: HandoverAlerts) => Object.fromEntries(alertParts(alerts).map((part) => [part.kind, part.count]));

beforeAll(async () => {
  nurse = await signedInUser('verpleegkundige');
  patientId = await registerPatient(nurse.cookie, {
    name: [{ family: 'Telling', given: ['Bram'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[3] }],
  });
  await asOwner(nurse.organisationId, (db) => db.query("update patients set episode_status = 'active' where id = $1", [patientId]));
  const org = nurse.organisationId;
  const report = (type: 'incident' | 'crisis' | 'verpleegkundig', content: string, hours: number) =>
    createReport(org, {
      patientId,
      createdBy: nurse.user.id,
      type,
      category: type === 'verpleegkundig' ? 'observatie' : 'incident',
      content,
      createdAt: hoursAgo(hours),
      includeInHandover: true,
    });
  await report('incident', 'Gooide een stoel om in de huiskamer.', 9);
  await report('incident', 'Schold een medepatiënt uit en duwde hem weg.', 5);
  await report('crisis', 'Acute onrust, gesepareerd na overleg met de arts.', 3);
  await report('verpleegkundig', 'Rustige middag, at goed.', 2);
  // Two critical values (HH, LL) and one raised (H): only the critical ones are alerts.
  const round = await json(`/api/patients/${patientId}/vitals`, {
    method: 'POST',
    cookie: nurse.cookie,
    body: { observedAt: hoursAgo(1).toISOString(), measures: { hartfrequentie: 135, saturatie: 90, temperatuur: 38.5 } },
  });
  expect(round.status).toBe(201);
});

describe('the counts agree', () => {
  it('across ward list, detail tiles, summary, the record tab and the handover page', async () => {
    const ward = (await (await json('/api/overdracht/patients?period=1d', { cookie: nurse.cookie })).json()) as {
      patients: { patientId: string; alerts: HandoverAlerts }[];
    };
    const listed = ward.patients.find((entry) => entry.patientId === patientId)!.alerts;
    expect(listed).toMatchObject({ incident_count: 3, crisis_count: 1, abnormal_vitals: 2, high_risks: 0, total: 5 });

    const detail = (await (await json(`/api/overdracht/${patientId}?period=1d`, { cookie: nurse.cookie })).json()) as {
      alerts: HandoverAlerts;
    };
    expect(detail.alerts).toEqual(listed);

    const generated = await json('/api/overdracht/generate', {
      method: 'POST',
      cookie: nurse.cookie,
      body: { patientId, period: '1d', filterForRole: 'verpleegkundige' },
    });
    expect(generated.status).toBe(200);
    const summary = (await generated.json()) as {
      meta: { alerts: HandoverAlerts; situatie: string };
      aandachtspunten: { bron: { type: string; date: string } }[];
    };
    expect(summary.meta.alerts).toEqual(listed);
    expect(summary.meta.situatie).toMatch(/^Bram Telling: 1 crisis, 2 incidenten en 2 kritieke metingen in de afgelopen 24 uur; /);

    const recordTab = await (await request(`/patients/${patientId}/overdracht`, { cookie: nurse.cookie })).text();
    expect(tilesIn(recordTab)).toEqual(byKind(listed));
    expect(recordTab).toContain(summary.meta.situatie);
    const handoverPage = await (await request(`/overdracht?patient=${patientId}`, { cookie: nurse.cookie })).text();
    expect(tilesIn(handoverPage)).toEqual(byKind(listed));

    // Points in time order within their kind.
    const points = summary.aandachtspunten.map((point) => point.bron);
    for (let index = 1; index < points.length; index++) {
      if (points[index]!.type === points[index - 1]!.type) expect(points[index]!.date >= points[index - 1]!.date).toBe(true);
    }
    expect(new Set(points.map((point) => point.type)).size).toBeGreaterThan(1);
  });
});
