import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api';
import { findNoShow, startNoShow } from './noshow';

/** A scripted `requestJson`: answers by path, and remembers what was asked. */
function scripted(answers: Record<string, ApiResult<unknown>>) {
  const asked: { path: string; method?: string }[] = [];
  const request = async <T>(path: string, options: { method?: 'GET' | 'POST' } = {}): Promise<ApiResult<T>> => {
    asked.push({ path, method: options.method });
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix))!;
    return answers[key] as ApiResult<T>;
  };
  return { request, asked };
}

const candidate = {
  appointmentId: 'a1',
  patientName: 'Jan de Vries',
  start: '2026-11-23T09:00:00Z',
  label: 'Behandelgesprek maandag 23 november 10:00 met Jan de Vries',
};

describe('the no-show sentence in the chat', () => {
  it('ignores other sentences without asking the server', async () => {
    const { request, asked } = scripted({});
    expect(await findNoShow('maak een dagnotitie voor Jan', request)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('finds the appointment and asks to confirm before anything changes', async () => {
    const { request, asked } = scripted({
      '/api/noshow/find': {
        ok: true,
        data: {
          query: { patientName: 'Jan de Vries', time: '10:00', date: 'vandaag', window: { from: '09:00', to: '11:00' } },
          appointments: [candidate],
        },
      },
    });
    const step = await findNoShow('Jan de Vries is niet verschenen op zijn afspraak van 10:00', request);
    expect(step).toEqual({
      kind: 'bevestigen',
      text: `${candidate.label}: als niet verschenen registreren en de huisartsbrief herschrijven?`,
      candidates: [candidate],
    });
    expect(asked).toEqual([
      { path: `/api/noshow/find?q=${encodeURIComponent('Jan de Vries is niet verschenen op zijn afspraak van 10:00')}`, method: undefined },
    ]);
  });

  it('says so when nothing fits', async () => {
    const { request } = scripted({
      '/api/noshow/find': {
        ok: true,
        data: {
          query: { patientName: 'Jan de Vries', time: '10:00', date: 'vandaag', window: { from: '09:00', to: '11:00' } },
          appointments: [],
        },
      },
    });
    expect(await findNoShow('Jan de Vries is niet verschenen om 10:00', request)).toEqual({
      kind: 'niet_gevonden',
      text: 'Geen eigen afspraak van Jan de Vries gevonden vandaag tussen 09:00 en 11:00 die al begonnen is en nog niet is afgerond of geannuleerd.',
    });
  });

  it('cancels the appointment after the confirmation, then waits for the rewrite and links to the review page', async () => {
    const { request, asked } = scripted({
      '/api/noshow/a1/cancel': {
        ok: true,
        data: { letter: { id: 'l1' }, workflow: { status: 'herschrijven', statusLabel: 'Brief herschrijven' } },
      },
      '/api/noshow/a1/rescript': {
        ok: true,
        data: { letter: { id: 'l1' }, workflow: { status: 'ter_beoordeling', statusLabel: 'Wacht op beoordeling' } },
      },
    });
    expect(await startNoShow('a1', request)).toEqual({
      kind: 'gestart',
      text: 'Afspraak staat op niet verschenen. De huisartsbrief is herschreven en wacht op beoordeling.',
      href: '/brieven/l1',
    });
    expect(asked).toEqual([
      { path: '/api/noshow/a1/cancel', method: 'POST' },
      { path: '/api/noshow/a1/rescript', method: 'POST' },
    ]);
  });

  it('passes the Dutch refusal on and asks nothing further', async () => {
    const { request, asked } = scripted({
      '/api/noshow/a1/cancel': {
        ok: false,
        error: {
          code: 'conflict',
          message: 'Deze afspraak is nog niet begonnen; ‘niet verschenen’ kan pas na de begintijd worden geregistreerd.',
          retryable: false,
          status: 409,
        },
      },
    });
    expect(await startNoShow('a1', request)).toEqual({
      kind: 'fout',
      text: 'Deze afspraak is nog niet begonnen; ‘niet verschenen’ kan pas na de begintijd worden geregistreerd.',
    });
    expect(asked.map(({ path }) => path)).toEqual(['/api/noshow/a1/cancel']);
  });
});
