import { formatWhen, isoDay } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  appointmentStatusLabels,
  appointmentTypeLabels,
  type AppointmentStatus,
  type AppointmentType,
} from '../../domain/agenda/agenda.schemas';
import { EmptyState } from '../components/page';
import { pageData, patientPage } from '../page.server';
import { listAgenda } from '../patients.server';
import { perform } from '../tenant.server';

const day = 24 * 3600_000;

/** The patient's appointments from 30 days back to 90 days ahead. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const now = Date.now();
  const range = { start: new Date(now - 30 * day), end: new Date(now + 90 * day) };
  const { appointments } = await pageData(perform(actor, listAgenda, { range, filter: { patientId } }));
  return { appointments, now: new Date(now).toISOString() };
}

export default function PatientAgenda() {
  const { appointments, now } = useLoaderData<typeof loader>();
  if (appointments.length === 0) {
    return (
      <EmptyState title="Geen afspraken">
        <p>Er staan geen afspraken gepland voor deze patiënt.</p>
      </EmptyState>
    );
  }
  return (
    <section className="card">
      <h2>Afspraken</h2>
      <table className="table table-stack">
        <thead>
          <tr>
            <th scope="col">Wanneer</th>
            <th scope="col">Soort</th>
            <th scope="col">Status</th>
            <th scope="col">Rapportages</th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => (
            <tr key={appointment.id} className={appointment.start < now ? 'past' : undefined}>
              <td>
                <Link to={`/agenda?weergave=dag&datum=${isoDay(new Date(appointment.start))}`}>{formatWhen(appointment.start)}</Link>
              </td>
              <td>{appointmentTypeLabels[appointment.type as AppointmentType] ?? appointment.type}</td>
              <td>{appointmentStatusLabels[appointment.status as AppointmentStatus] ?? appointment.status}</td>
              <td>
                {appointment.reportIds.length > 0 ? (
                  <Link to="../rapportages">{appointment.reportIds.length}</Link>
                ) : (
                  <span className="muted">—</span>
                )}{' '}
                <Link to={`../rapportages?afspraak=${appointment.id}`} className="small">
                  + rapportage
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
