import { formatDate } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, NavLink, Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CalendarIcon, EnvelopeClosedIcon, ExclamationTriangleIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { maskBsn } from '../../domain/patient/bsn';
import { ageOn } from '../../domain/patient/patient.format';
import { uuidOrNull } from '../../domain/shared/ids';
import { requireUser } from '../auth.server';
import { RouteError } from '../components/route-error';
import { StatusBadge } from '../components/status-badge';
import { pageData, recordRead } from '../page.server';
import { actorFor, perform } from '../tenant.server';
import { openRecord } from '../patients.server';
import { PatientBanner } from '../components/patient-banner';
import { DossiervraagForm } from '../components/dossiervraag';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.patient.displayName ?? 'Patiënt'} — GGZ-EPD` }];

export const patientTabs = [
  { to: '', label: 'Overzicht' },
  { to: 'rapportages', label: 'Rapportages' },
  { to: 'metingen', label: 'Metingen' },
  { to: 'medicatie', label: 'Medicatie' },
  { to: 'risicos', label: "Risico's" },
  { to: 'diagnoses', label: 'Diagnoses' },
  { to: 'agenda', label: 'Agenda' },
  { to: 'intake', label: 'Intake' },
  { to: 'overdracht', label: 'Overdracht' },
  { to: 'behandelplan', label: 'Behandelplan' },
  { to: 'verplichte-zorg', label: 'Verplichte zorg' },
  { to: 'toegang', label: 'Toegang' },
] as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  // Started before the first await, so the tab's loader beside it waits for this read of the patient.
  const { patient, banner } = await recordRead(context, uuidOrNull(id) ?? id, async () => {
    const user = await requireUser(request, context);
    const actor = actorFor(user, context, 'web');
    // The banner is part of opening the record: the one access-log row of this read covers it.
    return pageData(perform(actor, openRecord, { patientId: id }));
  });
  // The record pages show the BSN masked, so the full number is not even in the page source;
  // the edit form loads it itself.
  return { patient: { ...patient, bsn: maskBsn(patient.bsn) || null }, banner };
}

/**
 * On a narrow screen the tab bar scrolls sideways: the open tab is scrolled into the bar's middle
 * (the bar only, not the page, which may show the bar further down).
 */
function useOpenTabInView() {
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('.tab.active');
    if (bar.current && active) bar.current.scrollLeft = active.offsetLeft - (bar.current.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return bar;
}

export default function PatientRecord() {
  const { patient, banner } = useLoaderData<typeof loader>();
  const tabBar = useOpenTabInView();
  const age = ageOn(patient.birthDate);
  return (
    <>
      <header className="record-header">
        <div className="record-identity">
          <div className="record-avatar" aria-hidden="true">
            {(patient.nameGiven[0]?.[0] ?? '?') + (patient.familyName[0] ?? '')}
          </div>
          <div>
            <h1>
              {patient.displayName} <StatusBadge status={patient.episodeStatus} />
            </h1>
            <p className="record-facts">
              <span>{patient.birthDate ? `${formatDate(patient.birthDate)} (${age} jaar)` : 'Geboortedatum onbekend'}</span>
              <span>
                BSN <span className="mono">{patient.bsn ?? '—'}</span>
              </span>
              {patient.room ? (
                <span>
                  Kamer <strong>{patient.room}</strong>
                </span>
              ) : null}
              {patient.address.city ? <span>{patient.address.city}</span> : null}
            </p>
          </div>
        </div>
        <div className="record-actions">
          <Link to={`/agenda/nieuw?patientId=${patient.id}`} className="button button-secondary">
            <CalendarIcon aria-hidden="true" /> Afspraak plannen
          </Link>
          <Link to={`/brieven/nieuw?patient=${patient.id}`} className="button button-secondary">
            <EnvelopeClosedIcon aria-hidden="true" /> Brief aan huisarts
          </Link>
          <Link to="edit" className="button button-secondary">
            <Pencil1Icon aria-hidden="true" /> Gegevens wijzigen
          </Link>
        </div>
      </header>
      {patient.johnDoe ? (
        <div className="notice notice-danger record-alert" role="status">
          <ExclamationTriangleIcon aria-hidden="true" /> <strong>Onbekende patiënt (NN).</strong> Het BSN ontbreekt nog; vul het aan zodra
          de identiteit bekend is.
        </div>
      ) : null}
      <PatientBanner banner={banner} foldedAs={patient.displayName} />
      <DossiervraagForm compact />
      <nav className="tabs" aria-label="Dossier" ref={tabBar}>
        {patientTabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.to === ''}
            className={({ isActive }) => (isActive ? 'tab active' : 'tab')}
            prefetch="intent"
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
