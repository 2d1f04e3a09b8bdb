import { useRouteLoaderData } from '@remix-run/react';
import { genderLabels } from '../../domain/patient/patient.schemas';
import { formatDate, formatDateTime } from '../../domain/patient/patient.format';
import type { loader as recordLoader } from './_app.patients.$id';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="definition">
      <dt>{label}</dt>
      <dd>{value ? value : <span className="muted">Niet ingevuld</span>}</dd>
    </div>
  );
}

export default function PatientOverview() {
  const data = useRouteLoaderData<typeof recordLoader>('routes/_app.patients.$id');
  if (!data) return null;
  const { patient } = data;
  return (
    <div className="cards">
      <section className="card">
        <h2>Persoonsgegevens</h2>
        <dl className="definitions">
          <Row label="Voornamen" value={patient.nameGiven.join(' ')} />
          <Row label="Voorvoegsel" value={patient.namePrefix} />
          <Row label="Achternaam" value={patient.familyName} />
          <Row label="Geboortedatum" value={formatDate(patient.birthDate)} />
          <Row label="Geslacht" value={genderLabels[patient.gender]} />
          <Row label="BSN" value={patient.bsn} />
        </dl>
      </section>
      <section className="card">
        <h2>Adres en contact</h2>
        <dl className="definitions">
          <Row label="Adres" value={patient.address.street} />
          <Row label="Postcode en plaats" value={[patient.address.postalCode, patient.address.city].filter(Boolean).join('  ')} />
          <Row label="Telefoon" value={patient.contact.phone} />
          <Row label="E-mail" value={patient.contact.email} />
        </dl>
      </section>
      <section className="card">
        <h2>Verzekering</h2>
        <dl className="definitions">
          <Row label="Zorgverzekeraar" value={patient.insurance.company} />
          <Row label="Polisnummer" value={patient.insurance.policyNumber} />
        </dl>
        <p className="muted small">Laatst gewijzigd {formatDateTime(patient.updatedAt)}</p>
      </section>
    </div>
  );
}
