import { formatWhen } from '../../domain/shared/clinical-time';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ArrowRightIcon, BellIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { requireUser } from '../auth.server';
import { LetterStatusBadge } from '../components/gp-letter';
import { EmptyState, PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { letterInbox } from '../noshow.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

export const meta: MetaFunction = () => [{ title: 'Brieven — GGZ-EPD' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  return pageData(perform(actor, letterInbox, undefined));
}

const sourceLabels = { taalmodel: 'Herschreven door het taalmodel', lokaal: 'Aangevuld met standaardalinea' } as const;

export default function LetterInbox() {
  const { waiting, others } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Brieven"
        description="Huisartsbrieven die zijn herschreven omdat een patiënt niet verscheen en op jouw beoordeling wachten, nieuwste eerst."
      />

      <section className="letter-inbox" aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="section-title">
          Wacht op beoordeling <span className="count-pill">{waiting.length}</span>
        </h2>
        {waiting.length === 0 ? (
          <EmptyState icon={<EnvelopeClosedIcon width={22} height={22} />} title="Geen brieven ter beoordeling">
            <p>
              Meld je in de assistent dat een patiënt niet is verschenen, dan wordt de conceptbrief aan de huisarts herschreven en
              verschijnt hij hier.
            </p>
          </EmptyState>
        ) : (
          <ul className="letter-cards">
            {waiting.map((letter) => (
              <li key={letter.id}>
                <Link to={`/brieven/${letter.id}`} className="letter-card">
                  <span className="letter-card-head">
                    <span className="letter-card-patient">{letter.patientName}</span>
                    <LetterStatusBadge status={letter.status} />
                  </span>
                  <span className="letter-card-subject">
                    {letter.subject}
                    {letter.appointmentStart ? (
                      <span className="muted"> · niet verschenen, {formatWhen(letter.appointmentStart)}</span>
                    ) : null}
                  </span>
                  <span className="letter-card-meta">
                    Aan {letter.gpName ?? 'huisarts (onbekend)'} · herschreven {formatWhen(letter.since)}
                    {letter.rewriteSource ? ` · ${sourceLabels[letter.rewriteSource]}` : ''}
                  </span>
                  <span className="letter-card-action" aria-hidden="true">
                    Beoordelen <ArrowRightIcon />
                  </span>
                  {letter.reminders > 0 ? (
                    <span className="letter-card-reminder">
                      <BellIcon aria-hidden="true" /> Herinnering verstuurd: wacht langer dan 3 dagen
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {others.length > 0 ? (
        <section className="letter-inbox" aria-labelledby="others-title">
          <h2 id="others-title" className="section-title">
            Overige brieven
          </h2>
          <div className="table-card">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">Patiënt</th>
                  <th scope="col">Onderwerp</th>
                  <th scope="col">Huisarts</th>
                  <th scope="col">Status</th>
                  <th scope="col">Sinds</th>
                </tr>
              </thead>
              <tbody>
                {others.map((letter) => (
                  <tr key={letter.id}>
                    <td>
                      <Link to={`/brieven/${letter.id}`} className="row-link">
                        {letter.patientName}
                      </Link>
                    </td>
                    <td>{letter.subject}</td>
                    <td className="muted">{letter.gpName ?? 'Onbekend'}</td>
                    <td>
                      <LetterStatusBadge status={letter.status} />
                    </td>
                    <td className="muted nowrap">{formatWhen(letter.since)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError backTo="/brieven" backLabel="Naar de brieven" />;
}
