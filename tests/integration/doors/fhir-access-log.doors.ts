import type { Bundle } from '@medplum/fhirtypes';
import { randomUUID } from 'node:crypto';
import { readAuditEvent, searchAuditEvents } from '../../../domain/fhir/fhir.use-cases';
import { request } from '../../support/http';
import { register, tokenFor } from '../../support/koppeling';
import { doorCase, statusOf } from './doors';

/*
 * The access log as FHIR AuditEvent is a koppeling's to read (ADR 0085): a beheerder registers one
 * with `system/AuditEvent.read`, and its rows are those the koppeling left. What it reads is its own
 * log (the token it was given), which names no patient.
 */

const withAccessLogScope = async ({ cookie }: { cookie: string }) => {
  const koppeling = await register(cookie, `Logcontrole ${randomUUID()}`, ['system/AuditEvent.read']);
  const token = await tokenFor(koppeling, 'system/AuditEvent.read');
  const found = await request(`/api/fhir/AuditEvent?agent=${koppeling.clientId}&_count=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const id = ((await found.json()) as Bundle).entry?.[0]?.resource?.id ?? '';
  return { patientId: '', clientId: koppeling.clientId, token, id };
};

export const cases = [
  doorCase({
    useCase: readAuditEvent,
    role: 'beheerder',
    arrange: withAccessLogScope,
    rowsBy: (_beheerder, { clientId }) => clientId,
    doors: {
      fhir: (_beheerder, { token, id }) =>
        statusOf(request(`/api/fhir/AuditEvent/${id}`, { headers: { Authorization: `Bearer ${token}` } })),
    },
  }),
  doorCase({
    useCase: searchAuditEvents,
    role: 'beheerder',
    arrange: withAccessLogScope,
    rowsBy: (_beheerder, { clientId }) => clientId,
    doors: {
      fhir: (_beheerder, { token, clientId }) =>
        statusOf(request(`/api/fhir/AuditEvent?agent=${clientId}`, { headers: { Authorization: `Bearer ${token}` } })),
      'fhir _search': (_beheerder, { token, clientId }) =>
        statusOf(
          request('/api/fhir/AuditEvent/_search', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ agent: clientId }),
          }),
        ),
    },
  }),
];
