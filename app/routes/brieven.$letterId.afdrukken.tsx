import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatDate, formatNumericDate, isoDay } from '../../domain/shared/clinical-time';
import { requireUser } from '../auth.server';
import { RouteError } from '../components/route-error';
import { printGpLetter } from '../noshow.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Huisartsbrief afdrukken — GGZ-EPD' }];

/** The verzendklare letter on paper: the same content as the PDF, laid out by a print stylesheet. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const id = params.letterId ?? '';
  return pageData(perform(actor, printGpLetter, { letterId: id }));
}

export default function PrintLetter() {
  const { letter, organisation, patient, approvedBy, approverTitle, dispatchedAt } = useLoaderData<typeof loader>();
  const identification = [
    `Patiënt: ${patient.name}`,
    patient.birthDate ? `geboren ${formatNumericDate(patient.birthDate)}` : '',
    patient.bsn ? `BSN ${patient.bsn}` : '',
  ].filter(Boolean);
  return (
    <main className="print-page">
      <nav className="print-toolbar" aria-label="Afdrukken">
        <Link to={`/brieven/${letter.id}`} className="button button-secondary">
          Terug naar de brief
        </Link>
        <a href={`/brieven/${letter.id}/pdf`} className="button button-secondary" download>
          PDF downloaden
        </a>
        <p className="muted small">Druk af met Ctrl+P (of ⌘P); deze knoppen komen niet op papier.</p>
      </nav>
      <article className="print-letter" aria-label="Huisartsbrief">
        <header className="print-letterhead">
          <p className="print-organisation">{organisation}</p>
          <p className="print-subtitle">Geestelijke gezondheidszorg</p>
        </header>
        <div className="print-top">
          <address className="print-address">
            {[letter.gp.name, letter.gp.practice, ...(letter.gp.address ?? '').split(/\r?\n/)].filter(Boolean).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p className="print-date">Datum: {formatDate(isoDay(dispatchedAt))}</p>
        </div>
        <h1 className="print-subject">Betreft: {letter.subject}</h1>
        <p className="print-identification">{identification.join(' · ')}</p>
        <div className="print-text" data-authored>
          {letter.finalText}
        </div>
        <footer className="print-signature">
          <strong>{approvedBy}</strong>
          {approverTitle ? <span>{approverTitle}</span> : null}
          <span>Goedgekeurd op {letter.reviewedAt ? formatDate(isoDay(letter.reviewedAt)) : ''}</span>
        </footer>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/brieven" backLabel="Naar de brieven" />;
}
