import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tsxCli } from '../../scripts/lib/stack';

/** The privacy officer's tool as a DPIA would run it: JSON lines in on stdin, one JSON line out for each. */
function run(lines: string[]): unknown[] {
  const result = spawnSync(process.execPath, [tsxCli, 'scripts/ai-pseudonymise.ts'], {
    input: `${lines.join('\n')}\n`,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('npm run ai:pseudonymise', () => {
  it('writes for each text exactly what would leave the server', () => {
    const patient = { name: 'Esther de Graaf', bsn: '123456782', birthDate: '1985-11-11' };
    const out = run([
      JSON.stringify({
        text: 'esther belde; Esthers moeder Marie Jansen (06-12345678) komt om 14:00. BSN 123 456 782, geboren 11 november 1985.',
        patient,
      }),
      JSON.stringify({
        text: 'Haloperidol 5 mg om 22:00 gegeven, RR 140/90.',
        patient,
        people: [{ name: 'Kees Bos', relation: 'partner' }],
      }),
    ]);
    expect(out).toEqual([
      {
        text: '[PATIENT_1_VOORNAAM] belde; [PATIENT_1_VOORNAAM_2]s moeder [PERSOON_1] ([TELEFOON_1]) komt om 14:00. BSN [BSN_1], geboren [GEBOORTEDATUM_1].',
      },
      { text: 'Haloperidol 5 mg om 22:00 gegeven, RR 140/90.' },
    ]);
  });

  it('labels only the patient as a patient: a known relative is a person, with or without a relation', () => {
    const out = run([
      JSON.stringify({
        text: 'Moeder Marie Jansen belde over jan; tante Els Bos ook.',
        patient: { name: 'Jan de Vries' },
        people: [{ name: 'Marie Jansen' }, { name: 'Els Bos', role: 'tante' }],
      }),
    ]);
    expect(out).toEqual([{ text: 'Moeder [PERSOON_1] belde over [PATIENT_1_VOORNAAM]; tante [PERSOON_2] ook.' }]);
  });

  it("tells a relative's title from the patient's by the gender the caller gives (ADR 0107, round five)", () => {
    const text = 'Moeder belt: Ricardo heeft ingebroken. Mw. Tjon wil geen aangifte.';
    const out = run([
      JSON.stringify({ text, patient: { name: 'Ricardo Tjon', gender: 'male' } }),
      JSON.stringify({ text, patient: { name: 'Ricardo Tjon' } }),
      JSON.stringify({ text, patient: { name: 'Ricardo Tjon', gender: 'man' } }),
    ]);
    expect(out).toEqual([
      { text: 'Moeder belt: [PATIENT_1_VOORNAAM] heeft ingebroken. Mw. [PERSOON_1] wil geen aangifte.' },
      { text: 'Moeder belt: [PATIENT_1_VOORNAAM] heeft ingebroken. Mw. [PATIENT_1_ACHTERNAAM] wil geen aangifte.' },
      { fout: 'patient.gender: Geslacht: male, female, other, unknown.' },
    ]);
  });

  it('answers a line it cannot read with a Dutch error and goes on', () => {
    const out = run([
      '{"text": "niet af',
      JSON.stringify({ patient: { name: 'Jan' } }),
      JSON.stringify({ text: 'Jan sliep goed.', patient: { name: 'Jan Smit' } }),
    ]);
    expect(out).toEqual([
      { fout: 'Geen geldige JSON op deze regel.' },
      { fout: 'text: Tekst ontbreekt.' },
      { text: '[PATIENT_1_VOORNAAM] sliep goed.' },
    ]);
  });
});
