import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, clinicalToday } from '../../domain/shared/clinical-time';
import { demoAccounts, demoOrganisation, demoPassword } from '../../domain/demo/demo-accounts';
import { launchBrowser, lookAt, signedInWithForm } from '../support/browser';
import { asOwner, createOrganisation, createUser, registerPatient, validBsns, type TestUser } from '../support/factories';
import { baseUrl, login } from '../support/http';

/*
 * Risks and diagnoses as the ward records them (issue 25, points 3 and 4): a new assessment that
 * becomes the current one while the older stays in the history; a diagnosis from the list, made
 * primary (the old primary becomes secondary), and ended with a reason; with JavaScript on and off.
 */

let browser: Browser;
let psychiatrist: TestUser;
const patients: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const organisationId = (await createOrganisation()).id;
  psychiatrist = await createUser(organisationId, { role: 'psychiater' });
  const { cookie } = await login(psychiatrist.email, psychiatrist.password);
  patients.true = await registerPatient(cookie!, {
    name: [{ family: 'Bakker', given: ['Noor'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[7] }],
  });
  patients.false = await registerPatient(cookie!, {
    name: [{ family: 'Jansen', given: ['Sem'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[8] }],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe.each([true, false])('risks and diagnoses in Chromium (JavaScript %s)', (javaScript) => {
  const suffix = javaScript ? 'met-js' : 'zonder-js';

  it('records a risk assessment, refuses one without rationale, and keeps the older one in the history', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), psychiatrist, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await page.getByRole('link', { name: "Risico's" }).click();
    await page.getByRole('heading', { name: 'Nieuwe risicotaxatie' }).waitFor();

    // Without a rationale and review date: Dutch messages at the fields, the choices kept.
    await page.getByLabel('Soort risico').selectOption('suïcide');
    await page.getByLabel('Risiconiveau').selectOption('gemiddeld');
    await page.getByRole('button', { name: 'Taxatie opslaan' }).click();
    await page.getByText('Geef de onderbouwing van de taxatie.').waitFor();
    expect(await page.getByText('Vul de evaluatiedatum in.').count()).toBe(1);
    expect(await page.getByLabel('Soort risico').inputValue()).toBe('suïcide');
    await lookAt(page, `risicos-fout-${suffix}`, javaScript);

    await page.getByLabel('Onderbouwing').fill('Somber, trekt zich terug; geen concreet plan.');
    await page.getByLabel('Evaluatiedatum').fill(addDaysToIsoDate(clinicalToday(), 14));
    await page.getByRole('button', { name: 'Taxatie opslaan' }).click();
    await page.getByText('Risicotaxatie opgeslagen.').waitFor();

    await page.getByLabel('Soort risico').selectOption('suïcide');
    await page.getByLabel('Risiconiveau').selectOption('hoog');
    await page.getByLabel('Onderbouwing').fill('Uitte vanochtend doodsgedachten tegen de verpleging.');
    await page.getByLabel('Evaluatiedatum').fill(addDaysToIsoDate(clinicalToday(), 2));
    await page.getByRole('button', { name: 'Taxatie opslaan' }).click();
    await page.locator('.current-risks').getByText('Uitte vanochtend doodsgedachten').waitFor();

    const current = page.locator('.current-risks li');
    expect(await current.count()).toBe(1);
    expect(await current.first().textContent()).toContain('hoog');
    const history = page.locator('.risk-history tbody tr');
    expect(await history.count()).toBe(2);
    expect(await history.nth(1).textContent()).toContain('Somber, trekt zich terug');
    await lookAt(page, `risicos-${suffix}`, javaScript);
    await context.close();
  });

  it('adds diagnoses from the list, makes one primary and ends another with a reason', async () => {
    const { context, page } = await signedInWithForm(browser, baseUrl(), psychiatrist, { javaScriptEnabled: javaScript });
    await page.goto(`/patients/${patients[String(javaScript)]}`);
    await page.getByRole('link', { name: 'Diagnoses' }).click();
    await page.getByRole('heading', { name: 'Diagnose toevoegen' }).waitFor();

    // No diagnosis chosen: the Dutch message at the field.
    await page.getByRole('button', { name: 'Diagnose toevoegen' }).click();
    await page.getByText('Kies een diagnose uit de lijst.').waitFor();

    await page.getByLabel('Diagnose (DSM-5 met ICD-10-code)').selectOption('F33.2');
    await page.getByLabel('Soort diagnose').selectOption('primary');
    await page.getByRole('button', { name: 'Diagnose toevoegen' }).click();
    await page.getByText('Diagnose toegevoegd.').waitFor();
    await page.getByLabel('Diagnose (DSM-5 met ICD-10-code)').selectOption('F60.3');
    await page.getByLabel('Soort diagnose').selectOption('secondary');
    await page.getByRole('button', { name: 'Diagnose toevoegen' }).click();
    await page.locator('.diagnosis-item', { hasText: 'F60.3' }).waitFor();

    const borderline = page.locator('.diagnosis-item', { hasText: 'Borderline-persoonlijkheidsstoornis' });
    await borderline.getByRole('button', { name: 'Maak hoofddiagnose' }).click();
    await page.getByText('Hoofddiagnose gewijzigd; de vorige hoofddiagnose is nu nevendiagnose.').waitFor();
    const depression = page.locator('.diagnosis-item', { hasText: 'recidiverende episode, ernstig' });
    expect(await page.locator('.diagnosis-item', { hasText: 'Borderline' }).locator('.badge').first().textContent()).toBe('Hoofddiagnose');
    expect(await depression.locator('.badge').first().textContent()).toBe('Nevendiagnose');

    await depression.getByText('Beëindigen', { exact: true }).click();
    await depression.getByRole('button', { name: 'Diagnose beëindigen' }).click();
    await depression.getByText('Geef de reden van beëindigen.').waitFor();
    await lookAt(page, `diagnoses-beeindigen-${suffix}`, javaScript);
    await page
      .locator('.diagnosis-item', { hasText: 'recidiverende episode, ernstig' })
      .getByLabel('Reden van beëindigen')
      .fill('In remissie');
    await page
      .locator('.diagnosis-item', { hasText: 'recidiverende episode, ernstig' })
      .getByRole('button', { name: 'Diagnose beëindigen' })
      .click();
    await page.getByText('Reden: In remissie').waitFor();
    expect(await page.locator('.diagnosis-ended').count()).toBe(1);
    expect(await page.locator('.diagnosis-ended').textContent()).toContain('Beëindigd');
    await lookAt(page, `diagnoses-${suffix}`, javaScript);
    await context.close();
  });
});

describe('the demo ward', () => {
  it("marks Fatima's overdue review and shows Jan's diagnoses from the list with their history", async () => {
    // The seeded patients themselves: other browser tests register more "de Vries" patients in the demo organisation.
    const ids = await asOwner(demoOrganisation.id, async (db) => ({
      Amrani: (
        await db.query<{ id: string }>(
          `select p.id from patients p where p.family_name = 'Amrani'
              and exists (select 1 from risk_assessments r where r.patient_id = p.id and r.review_date < current_date)
            order by p.created_at limit 1`,
        )
      ).rows[0]!.id,
      Vries: (
        await db.query<{ id: string }>(
          `select p.id from patients p where p.family_name = 'Vries'
              and exists (select 1 from diagnoses d where d.patient_id = p.id and d.code = 'F20.9')
            order by p.created_at limit 1`,
        )
      ).rows[0]!.id,
    }));
    const nurse = { email: demoAccounts.verpleegkundige.email, password: demoPassword };
    const { context, page } = await signedInWithForm(browser, baseUrl(), nurse);
    await page.goto(`/patients/${ids.Amrani}/risicos`);
    await page.getByRole('heading', { name: "Actuele risico's" }).waitFor();
    expect(await page.locator('.current-risks').textContent()).toContain('Evaluatie verlopen');
    await lookAt(page, 'risicos-demo-verlopen', true);

    await page.goto(`/patients/${ids.Vries}/diagnoses`);
    await page.getByRole('heading', { name: 'Actieve diagnoses' }).waitFor();
    const primary = page.locator('.diagnosis-item', { hasText: 'F20.9' });
    expect(await primary.textContent()).toContain('Hoofddiagnose');
    await primary.getByText('Geschiedenis (1)').click();
    await primary.getByText('Vastgelegd als hoofddiagnose').waitFor();
    await lookAt(page, 'diagnoses-demo', true);
    await context.close();
  });
});
