import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { signaleringsplanParts, signaleringsplanPhases } from '../../domain/signaleringsplan/signaleringsplan.vocabulary';
import { formatWhen } from '../../domain/shared/clinical-time';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { saveSignaleringsplanVersion, showSignaleringsplan } from '../patients.server';
import { perform } from '../tenant.server';

/*
 * The signaleringsplan: three phases (green, orange, red), per phase the signals and what the
 * patient and the team do. Each save is a new version; earlier versions stay readable (?versie=).
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get('versie'));
  const version = Number.isInteger(asked) && asked > 0 && asked < 100_000 ? asked : null;
  const plan = await pageData(perform(actor, showSignaleringsplan, { patientId, version }));
  return { ...plan, editing: url.searchParams.has('bewerken') || plan.latest === null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const values = valuesOf(await request.formData());
  const phases = Object.fromEntries(
    signaleringsplanPhases.map((phase) => [
      phase.key,
      Object.fromEntries(signaleringsplanParts.map((part) => [part.key, values[`${phase.key}.${part.key}`] ?? ''])),
    ]),
  );
  try {
    await perform(actor, saveSignaleringsplanVersion, { patientId, plan: { phases } });
    return redirect(`/patients/${patientId}/signaleringsplan?opgeslagen=1`);
  } catch (error) {
    return formFailure(error, values, { shows: ['conflict'] });
  }
}

type Failure = FormFailure;

export default function SignaleringsplanPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<Failure>();
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const editing = data.editing || Boolean(failure);
  const shown = data.shown;
  const older = shown && data.latest && shown.version !== data.latest.version;
  const fieldErrors = failure?.fields ?? {};

  return (
    <div className="legal-page">
      {params.has('opgeslagen') && !failure && data.latest ? (
        <p className="notice notice-success" role="status">
          {`Versie ${data.latest.version} van het signaleringsplan is opgeslagen.`}
        </p>
      ) : null}

      {editing ? (
        <section className="card" aria-labelledby="plan-edit-title">
          <h2 id="plan-edit-title">{data.latest ? 'Signaleringsplan bijwerken' : 'Signaleringsplan opstellen'}</h2>
          <p className="muted small">
            Vul per fase in wat je ziet en wat de patiënt en het team dan doen. Opslaan maakt een nieuwe versie; eerdere versies blijven
            leesbaar.
          </p>
          {failure && Object.keys(fieldErrors).length === 0 ? (
            <p className="notice notice-danger" role="alert">
              {failure.message}
            </p>
          ) : null}
          <Form method="post" className="stack-form" noValidate>
            <div className="plan-phases">
              {signaleringsplanPhases.map((phase) => {
                const current = data.latest?.phases.find((entry) => entry.key === phase.key);
                return (
                  <fieldset key={phase.key} className={`plan-phase phase-${phase.key}`}>
                    <legend className="visually-hidden">{`Fase ${phase.label}`}</legend>
                    <h3 aria-hidden="true">{phase.label}</h3>
                    <p className="muted small">{phase.hint}</p>
                    {signaleringsplanParts.map((part) => {
                      const name = `${phase.key}.${part.key}`;
                      return (
                        <Field
                          key={part.key}
                          id={`plan-${phase.key}-${part.key}`}
                          label={`${phase.label}: ${part.label.toLowerCase()}`}
                          error={fieldErrors[`phases.${name}`]}
                        >
                          <textarea name={name} rows={3} defaultValue={failure?.values[name] ?? current?.[part.key] ?? ''} />
                        </Field>
                      );
                    })}
                  </fieldset>
                );
              })}
            </div>
            <div className="form-actions">
              {data.latest ? (
                <Link to="." className="button button-secondary">
                  Annuleren
                </Link>
              ) : null}
              <button type="submit" className="button button-primary" disabled={busy}>
                Signaleringsplan opslaan
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {shown && !editing ? (
        <section className="card" aria-labelledby="plan-title">
          <div className="history-head">
            <h2 id="plan-title">{`Signaleringsplan, versie ${shown.version}`}</h2>
            <span className="muted small">{`${shown.createdBy}, ${formatWhen(shown.createdAt)}`}</span>
          </div>
          {older ? (
            <p className="notice notice-warning">
              {`Je bekijkt een eerdere versie. `}
              <Link to=".">Naar de nieuwste versie ({data.latest!.version})</Link>
            </p>
          ) : null}
          <div className="plan-phases">
            {shown.phases.map((phase) => (
              <section key={phase.key} className={`plan-phase phase-${phase.key}`} aria-labelledby={`phase-${phase.key}`}>
                <h3 id={`phase-${phase.key}`}>{phase.label}</h3>
                <dl>
                  {signaleringsplanParts.map((part) => (
                    <div key={part.key}>
                      <dt>{part.label}</dt>
                      <dd>{phase[part.key] || <span className="muted">Niet ingevuld</span>}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          {older ? null : (
            <div className="form-actions">
              <Link to="?bewerken=1" className="button button-primary">
                Bijwerken
              </Link>
            </div>
          )}
        </section>
      ) : null}

      {data.versions.length > 1 ? (
        <section className="card" aria-labelledby="versions-title">
          <h2 id="versions-title">Versies</h2>
          <ol className="history-list">
            {data.versions.map((version) => (
              <li key={version.version} className="history-entry">
                <div className="history-head">
                  {shown && version.version === shown.version && !editing ? (
                    <strong aria-current="true">{`Versie ${version.version} (getoond)`}</strong>
                  ) : (
                    <Link to={`?versie=${version.version}`}>{`Versie ${version.version}`}</Link>
                  )}
                  <span className="muted small">{`${version.createdBy}, ${formatWhen(version.createdAt)}`}</span>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
