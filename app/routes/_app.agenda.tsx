import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, Outlet, useFetcher, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from '@radix-ui/react-icons';
import { addDays } from 'date-fns';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  defaultAgendaDate,
  defaultAgendaView,
  gridHours,
  shiftDays,
  todayView,
  viewDays,
  type AgendaView,
} from '../../domain/agenda/agenda.dates';
import { layoutDay } from '../../domain/agenda/agenda.layout';
import {
  appointmentStatusLabels,
  appointmentTypeLabels,
  appointmentTypes,
  shownStatuses,
  type AppointmentType,
} from '../../domain/agenda/agenda.schemas';
import {
  clinicalToday,
  clockChangeOn,
  clockTime,
  dutchDay,
  formatShortDay,
  formatTime,
  isoDay,
  minutesIntoDay,
} from '../../domain/shared/clinical-time';
import { ownsAppointment } from '../../domain/shared/ownership';
import { requireUser } from '../auth.server';
import { PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { pageData } from '../page.server';
import { listAgenda } from '../patients.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Agenda — GGZ-EPD' }];

const views: { key: AgendaView; label: string }[] = [
  { key: 'dag', label: 'Dag' },
  { key: 'week', label: 'Week' },
  { key: 'werkweek', label: 'Werkweek' },
];
const pxPerMinute = 1.1;
/** A click or a drop lands on the quarter hour. */
const snapMinutes = 15;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const view = (views.map((v) => v.key) as string[]).includes(url.searchParams.get('weergave') ?? '')
    ? (url.searchParams.get('weergave') as AgendaView)
    : defaultAgendaView;
  const requested = url.searchParams.get('datum') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(requested) && !Number.isNaN(Date.parse(requested)) ? requested : defaultAgendaDate();
  const mine = url.searchParams.get('van') === 'mij';
  const days = viewDays(view, date);
  const range = { start: new Date(days[0]!.getTime()), end: new Date(addDays(days.at(-1)!, 1).getTime()) };
  const actor = actorFor(user, context, 'web');
  const { appointments } = await pageData(perform(actor, listAgenda, { range, filter: mine ? { practitionerId: user.id } : {} }));
  return {
    view,
    date,
    mine,
    userId: user.id,
    today: clinicalToday(),
    todayView: todayView(view),
    now: new Date().toISOString(),
    days: days.map((day) => isoDay(day)),
    hours: gridHours(view, appointments),
    appointments,
  };
}

function query(params: { weergave: string; datum: string; mine: boolean }, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ weergave: params.weergave, datum: params.datum, ...extra });
  if (params.mine) search.set('van', 'mij');
  return `?${search}`;
}

function href(params: { weergave: string; datum: string; mine: boolean }): string {
  return `/agenda${query(params)}`;
}

/** Minutes into the day at a point of a day column, on the quarter hour; the column knows the hours it shows. */
function minutesAt(column: Element, clientY: number): number {
  const firstHour = Number(column.getAttribute('data-first-hour') ?? 7);
  const lastHour = Number(column.getAttribute('data-last-hour') ?? 21);
  const offset = (clientY - column.getBoundingClientRect().top) / pxPerMinute;
  const minutes = firstHour * 60 + Math.round(offset / snapMinutes) * snapMinutes;
  return Math.min(lastHour * 60 - snapMinutes, Math.max(firstHour * 60, minutes));
}

/** The current-time line's place, refreshed every minute in the browser (the loader's clock first, so both render alike). */
function useNow(initial: string): Date {
  const [now, setNow] = useState(() => new Date(initial));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface Drag {
  id: string;
  x: number;
  y: number;
  moved: boolean;
}

/**
 * Moving by drag and drop: a tile of the user's own appointment follows the pointer and, dropped
 * on another time or day, is moved through the appointment's own "Verplaatsen" form (the panel
 * then offers to undo it). The same move is possible from the panel without a pointer.
 */
function useDragToMove(context: string) {
  const fetcher = useFetcher();
  const drag = useRef<Drag | null>(null);
  /** A drag ends in a click too: that click does not open the appointment. */
  const dropped = useRef(false);
  const [offset, setOffset] = useState<{ id: string; dx: number; dy: number } | null>(null);

  const start = (id: string) => (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    drag.current = { id, x: event.clientX, y: event.clientY, moved: false };
  };
  useEffect(() => {
    const move = (event: PointerEvent) => {
      const current = drag.current;
      if (!current) return;
      const [dx, dy] = [event.clientX - current.x, event.clientY - current.y];
      if (!current.moved && Math.hypot(dx, dy) < 6) return;
      current.moved = true;
      setOffset({ id: current.id, dx, dy });
    };
    const drop = (event: PointerEvent) => {
      const current = drag.current;
      drag.current = null;
      setOffset(null);
      if (!current?.moved) return;
      dropped.current = true;
      setTimeout(() => (dropped.current = false), 0);
      const column = document
        .elementsFromPoint(event.clientX, event.clientY)
        .find((element) => element.classList.contains('calendar-column'));
      const day = column?.getAttribute('data-day');
      if (!column || !day) return;
      // The tile's top, not the pointer, is the new start.
      const tile = document.querySelector(`[data-appointment="${current.id}"]`);
      const grab = tile ? event.clientY - tile.getBoundingClientRect().top : 0;
      const minutes = minutesAt(column, event.clientY - grab);
      fetcher.submit(
        { intent: 'verplaatsen', datum: day, tijd: clockTime(minutes) },
        { method: 'post', action: `/agenda/${current.id}${context}` },
      );
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', drop);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', drop);
    };
  }, [context, fetcher]);

  return { start, offset, dropped, busy: fetcher.state !== 'idle' };
}

/**
 * Opened without a chosen view on a narrow screen (a phone, or a desktop zoomed to 200 %), the
 * agenda shows today's day view: a week of columns cannot be read at 390 px. A view chosen in the
 * address stays; without JavaScript the week scrolls sideways inside its own frame.
 */
function useDayViewOnNarrowScreens({ view, today, mine }: { view: AgendaView; today: string; mine: boolean }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (view === 'dag' || params.has('weergave') || !window.matchMedia('(max-width: 899px)').matches) return;
    navigate(href({ weergave: 'dag', datum: params.get('datum') ?? today, mine }), { replace: true });
  }, [view, today, mine, search, navigate]);
}

export default function AgendaPage() {
  const { view, date, mine, userId, today, todayView, now: loadedAt, days, hours, appointments } = useLoaderData<typeof loader>();
  const { first: firstHour, last: lastHour } = hours;
  const navigate = useNavigate();
  const context = query({ weergave: view, datum: date, mine });
  const { start: startDrag, offset, dropped, busy } = useDragToMove(context);
  useDayViewOnNarrowScreens({ view, today, mine });
  const now = useNow(loadedAt);
  const title =
    view === 'dag'
      ? dutchDay(new Date(`${days[0]}T12:00:00Z`), 'EEEE d MMMM yyyy')
      : `${dutchDay(new Date(`${days[0]}T12:00:00Z`), 'd MMMM')} – ${dutchDay(new Date(`${days.at(-1)}T12:00:00Z`), 'd MMMM yyyy')}`;
  const height = (lastHour - firstHour) * 60 * pxPerMinute;
  const nowMinutes = minutesIntoDay(now);
  const nowShown = days.includes(isoDay(now)) && nowMinutes >= firstHour * 60 && nowMinutes < lastHour * 60;

  /** A click on free space in a day column opens the new-appointment form at that day and quarter hour. */
  const newAt = (day: string) => (event: React.MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const time = clockTime(minutesAt(event.currentTarget, event.clientY));
    navigate(`/agenda/nieuw${query({ weergave: view, datum: day, mine }, { tijd: time })}`);
  };

  return (
    <>
      <PageHeader
        title="Agenda"
        description={title}
        actions={
          <Link className="button button-primary" to={`/agenda/nieuw${context}`}>
            <PlusIcon aria-hidden="true" /> Afspraak
          </Link>
        }
      />
      <div className="toolbar">
        <nav className="agenda-nav" aria-label="Navigeer door de agenda">
          <Link
            className="button button-secondary"
            to={href({ weergave: view, datum: shiftDays(date, view, -1), mine })}
            aria-label="Vorige"
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Link>
          <Link className="button button-secondary" to={href({ weergave: todayView, datum: today, mine })}>
            Vandaag
          </Link>
          <Link
            className="button button-secondary"
            to={href({ weergave: view, datum: shiftDays(date, view, 1), mine })}
            aria-label="Volgende"
          >
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </nav>
        <nav className="segmented" aria-label="Wiens afspraken">
          <Link
            to={href({ weergave: view, datum: date, mine: true })}
            className={mine ? 'segment active' : 'segment'}
            aria-current={mine ? 'true' : undefined}
          >
            Mijn agenda
          </Link>
          <Link
            to={href({ weergave: view, datum: date, mine: false })}
            className={mine ? 'segment' : 'segment active'}
            aria-current={mine ? undefined : 'true'}
          >
            Hele afdeling
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

      <div className="legends">
        <ul className="legend" aria-label="Kleuren per soort afspraak">
          {appointmentTypes.map((type) => (
            <li key={type} className={`legend-item appt-${type}`}>
              {appointmentTypeLabels[type]}
            </li>
          ))}
        </ul>
        <ul className="legend legend-statuses" aria-label="Status van een afspraak">
          {shownStatuses.map((status) => (
            <li key={status} className={`legend-status status-${status}`}>
              {appointmentStatusLabels[status]}
            </li>
          ))}
        </ul>
      </div>

      <div className="agenda-layout">
        {/* A focusable region: on a narrow screen the week scrolls inside this frame, and a keyboard
            must reach it on any day, also one without appointments to tab to. */}
        <div
          className={busy ? 'calendar calendar-busy' : 'calendar'}
          style={{ ['--days' as string]: days.length }}
          role="region"
          aria-label="Rooster"
          tabIndex={0}
        >
          <div className="calendar-head">
            <div />
            {days.map((day) => (
              <div key={day} className={day === today ? 'calendar-day-head today' : 'calendar-day-head'}>
                {view === 'dag' ? dutchDay(new Date(`${day}T12:00:00Z`)) : formatShortDay(new Date(`${day}T12:00:00Z`))}
              </div>
            ))}
          </div>
          <div className="calendar-body" style={{ height }}>
            <div className="calendar-hours" aria-hidden="true">
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
                // A click on free space is the mouse's shortcut to "+ Afspraak", which stays the way for a keyboard.
                <div
                  key={day}
                  className="calendar-column"
                  data-day={day}
                  data-first-hour={firstHour}
                  data-last-hour={lastHour}
                  role="group"
                  aria-label={dutchDay(new Date(`${day}T12:00:00Z`))}
                  onClick={newAt(day)}
                >
                  <ClockChange day={day} firstHour={firstHour} lastHour={lastHour} />
                  {nowShown && day === isoDay(now) ? (
                    <div className="calendar-now" style={{ top: (nowMinutes - firstHour * 60) * pxPerMinute }} aria-hidden="true" />
                  ) : null}
                  {items.map((item) => {
                    const top = Math.max(0, minutesIntoDay(item.startDate) - firstHour * 60) * pxPerMinute;
                    // One that runs to midnight or past it ends at the bottom of its day, not at 00:00 of it.
                    const endMinutes = isoDay(item.endDate) === day ? minutesIntoDay(item.endDate) : 24 * 60;
                    const bottom = Math.min((lastHour - firstHour) * 60, endMinutes - firstHour * 60) * pxPerMinute;
                    const { lane, lanes } = placed.get(item.id) ?? { lane: 0, lanes: 1 };
                    const type = (appointmentTypes as readonly string[]).includes(item.type) ? (item.type as AppointmentType) : 'overig';
                    const tileHeight = Math.max(22, bottom - top);
                    const movable = ownsAppointment({ userId }, item) && (item.status === 'gepland' || item.status === 'verplaatst');
                    const status = item.status === 'gepland' ? '' : ` · ${appointmentStatusLabels[item.status].toLowerCase()}`;
                    const time = `${formatTime(item.startDate)}–${formatTime(item.endDate)}`;
                    const dragged = offset?.id === item.id;
                    return (
                      <Link
                        key={item.id}
                        to={`/agenda/${item.id}${context}`}
                        data-appointment={item.id}
                        className={[
                          'appointment',
                          `appt-${type}`,
                          `status-${item.status}`,
                          tileHeight < 40 ? 'appointment-short' : '',
                          lanes > 1 ? 'appointment-lane' : '',
                          movable ? 'appointment-movable' : '',
                          dragged ? 'appointment-dragging' : '',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                        style={{
                          top,
                          height: tileHeight,
                          left: `calc(${(100 / lanes) * lane}% + 2px)`,
                          width: `calc(${100 / lanes}% - 4px)`,
                          ...(dragged ? { transform: `translate(${offset.dx}px, ${offset.dy}px)` } : {}),
                        }}
                        title={`${time} ${item.patientName}, ${appointmentTypeLabels[type]}${status}${item.status === 'geannuleerd' && item.cancelReason ? ` (${item.cancelReason})` : ''}`}
                        onPointerDown={movable ? startDrag(item.id) : undefined}
                        onClick={(event) => {
                          if (dropped.current) event.preventDefault();
                        }}
                        draggable={false}
                      >
                        <span className="appointment-time">
                          {formatTime(item.startDate)}
                          <span className="appointment-end">–{formatTime(item.endDate)}</span>
                          {item.status === 'gepland' ? null : (
                            <span className="appointment-status"> · {appointmentStatusLabels[item.status].toLowerCase()}</span>
                          )}
                        </span>
                        <span className="appointment-patient">{item.patientName}</span>
                        <span className="appointment-type">{appointmentTypeLabels[type]}</span>
                      </Link>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
        <Outlet />
      </div>
      {appointments.length === 0 ? <p className="muted agenda-empty">Geen afspraken in deze periode.</p> : null}
    </>
  );
}

/** The night the clocks change, its hour is marked in the day's column: gone in spring, twice in autumn. */
function ClockChange({ day, firstHour, lastHour }: { day: string; firstHour: number; lastHour: number }) {
  const change = clockChangeOn(day);
  if (!change || change.hour < firstHour || change.hour >= lastHour) return null;
  const hours = `${clockTime(change.hour * 60)}–${clockTime((change.hour + 1) * 60)}`;
  return (
    <div
      className={`calendar-clock-change calendar-clock-change-${change.direction}`}
      style={{ top: (change.hour - firstHour) * 60 * pxPerMinute, height: 60 * pxPerMinute }}
    >
      <span>{change.direction === 'vooruit' ? `${hours} bestaat niet (zomertijd)` : `${hours} komt twee keer (wintertijd)`}</span>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/agenda" backLabel="Naar de agenda" />;
}
