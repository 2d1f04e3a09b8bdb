import { clinicalToday, clockTime, dutchDay, formatTime, isoDay, minutesIntoDay } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { addDays } from 'date-fns';
import { defaultAgendaDate, shiftDays, viewDays, type AgendaView } from '../../domain/agenda/agenda.dates';
import { layoutDay } from '../../domain/agenda/agenda.layout';
import { appointmentTypeLabels, appointmentTypes, type AppointmentType } from '../../domain/agenda/agenda.schemas';
import { requireUser } from '../auth.server';
import { PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { pageData } from '../page.server';
import { appointmentsBetween } from '../patients.server';
import { actorFor, audited } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Agenda — GGZ-EPD' }];

const views: { key: AgendaView; label: string }[] = [
  { key: 'dag', label: 'Dag' },
  { key: 'week', label: 'Week' },
  { key: 'werkweek', label: 'Werkweek' },
];
const firstHour = 7;
const lastHour = 21;
const pxPerMinute = 1.1;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const view = (views.map((v) => v.key) as string[]).includes(url.searchParams.get('weergave') ?? '')
    ? (url.searchParams.get('weergave') as AgendaView)
    : 'werkweek';
  const requested = url.searchParams.get('datum') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(requested) && !Number.isNaN(Date.parse(requested)) ? requested : defaultAgendaDate(view);
  const mine = url.searchParams.get('van') === 'mij';
  const days = viewDays(view, date);
  const range = { start: new Date(days[0]!.getTime()), end: new Date(addDays(days.at(-1)!, 1).getTime()) };
  const actor = actorFor(user, context, 'web');
  const appointments = await pageData(
    audited(actor, { action: 'search', resourceType: 'Appointment' }, (em) =>
      appointmentsBetween(em, actor, range, mine ? { practitionerId: user.id } : {}),
    ),
  );
  return { view, date, mine, today: clinicalToday(), days: days.map((day) => isoDay(day)), appointments };
}

function href(params: { weergave: string; datum: string; mine: boolean }): string {
  const search = new URLSearchParams({ weergave: params.weergave, datum: params.datum });
  if (params.mine) search.set('van', 'mij');
  return `/agenda?${search}`;
}

export default function AgendaPage() {
  const { view, date, mine, today, days, appointments } = useLoaderData<typeof loader>();
  const title =
    view === 'dag'
      ? dutchDay(new Date(`${days[0]}T12:00:00Z`), 'EEEE d MMMM yyyy')
      : `${dutchDay(new Date(`${days[0]}T12:00:00Z`), 'd MMMM')} – ${dutchDay(new Date(`${days.at(-1)}T12:00:00Z`), 'd MMMM yyyy')}`;
  const height = (lastHour - firstHour) * 60 * pxPerMinute;

  return (
    <>
      <PageHeader title="Agenda" description={title} />
      <div className="toolbar">
        <nav className="agenda-nav" aria-label="Navigeer door de agenda">
          <Link
            className="button button-secondary"
            to={href({ weergave: view, datum: shiftDays(date, view, -1), mine })}
            aria-label="Vorige"
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Link>
          <Link className="button button-secondary" to={href({ weergave: view, datum: defaultAgendaDate(view), mine })}>
            Vandaag
          </Link>
          <Link
            className="button button-secondary"
            to={href({ weergave: view, datum: shiftDays(date, view, 1), mine })}
            aria-label="Volgende"
          >
            <ChevronRightIcon aria-hidden="true" />
          </Link>
          <Link className={mine ? 'segment active' : 'segment'} to={href({ weergave: view, datum: date, mine: !mine })}>
            {mine ? 'Alleen mijn afspraken' : 'Hele afdeling'}
          </Link>
        </nav>
        <nav className="segmented" aria-label="Weergave">
          {views.map((option) => (
            <Link
              key={option.key}
              to={href({ weergave: option.key, datum: date, mine })}
              className={option.key === view ? 'segment active' : 'segment'}
              aria-current={option.key === view ? 'true' : undefined}
            >
              {option.label}
            </Link>
          ))}
        </nav>
      </div>

      <ul className="legend" aria-label="Kleuren per soort afspraak">
        {appointmentTypes.map((type) => (
          <li key={type} className={`legend-item appt-${type}`}>
            {appointmentTypeLabels[type]}
          </li>
        ))}
      </ul>

      <div className="calendar" style={{ ['--days' as string]: days.length }}>
        <div className="calendar-head">
          <div />
          {days.map((day) => (
            <div key={day} className={day === today ? 'calendar-day-head today' : 'calendar-day-head'}>
              {dutchDay(new Date(`${day}T12:00:00Z`), view === 'dag' ? 'EEEE d MMMM' : 'EEEEEE d MMM')}
            </div>
          ))}
        </div>
        <div className="calendar-body" style={{ height }}>
          <div className="calendar-hours">
            {Array.from({ length: lastHour - firstHour }, (_, index) => (
              <div key={index} className="calendar-hour" style={{ top: index * 60 * pxPerMinute }}>
                {clockTime((firstHour + index) * 60)}
              </div>
            ))}
          </div>
          {days.map((day) => {
            const items = appointments
              .filter((appointment) => isoDay(new Date(appointment.start)) === day)
              .map((appointment) => ({ ...appointment, startDate: new Date(appointment.start), endDate: new Date(appointment.end) }));
            const placed = layoutDay(items.map((item) => ({ id: item.id, start: item.startDate, end: item.endDate })));
            return (
              <div key={day} className="calendar-column" aria-label={dutchDay(new Date(`${day}T12:00:00Z`))}>
                {items.map((item) => {
                  const top = Math.max(0, minutesIntoDay(item.startDate) - firstHour * 60) * pxPerMinute;
                  const bottom = Math.min((lastHour - firstHour) * 60, minutesIntoDay(item.endDate) - firstHour * 60) * pxPerMinute;
                  const { lane, lanes } = placed.get(item.id) ?? { lane: 0, lanes: 1 };
                  const type = (appointmentTypes as readonly string[]).includes(item.type) ? (item.type as AppointmentType) : 'overig';
                  return (
                    <article
                      key={item.id}
                      className={`appointment appt-${type} status-${item.status}`}
                      style={{
                        top,
                        height: Math.max(22, bottom - top),
                        left: `calc(${(100 / lanes) * lane}% + 2px)`,
                        width: `calc(${100 / lanes}% - 4px)`,
                      }}
                      aria-label={`${formatTime(item.startDate)} ${item.patientName}, ${appointmentTypeLabels[type]}`}
                    >
                      <span className="appointment-time">
                        {formatTime(item.startDate)}–{formatTime(item.endDate)}
                        {item.status === 'geannuleerd' ? ' · geannuleerd' : item.status === 'verplaatst' ? ' · verplaatst' : ''}
                      </span>
                      <Link to={`/patients/${item.patientId}`} className="appointment-patient">
                        {item.patientName}
                      </Link>
                      <span className="appointment-type">{appointmentTypeLabels[type]}</span>
                      <span className="appointment-links">
                        {item.reportIds.length > 0 ? (
                          <Link to={`/patients/${item.patientId}/rapportages`}>
                            {item.reportIds.length === 1 ? '1 rapportage' : `${item.reportIds.length} rapportages`}
                          </Link>
                        ) : null}
                        <Link to={`/patients/${item.patientId}/rapportages?afspraak=${item.id}`}>+ rapportage</Link>
                      </span>
                    </article>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      {appointments.length === 0 ? <p className="muted agenda-empty">Geen afspraken in deze periode.</p> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/agenda" backLabel="Naar de agenda" />;
}
