import { clinicalToday, formatDate, formatWhen } from '../../domain/shared/clinical-time';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CheckCircledIcon, FileTextIcon } from '@radix-ui/react-icons';
import { AppError } from '../../domain/shared/errors';
import { planFormValues } from '../../domain/treatment-plan/treatment-plan.form';
import type { TreatmentPlanContent, TreatmentPlanView } from '../../domain/treatment-plan/treatment-plan.schemas';
import { PlanDocument, PlanProvenance, PlanStatusBadge, SourceBadge } from '../components/treatment-plan/plan-document';
import { PlanEditor } from '../components/treatment-plan/plan-editor';
import { PlanGeneratePanel } from '../components/treatment-plan/plan-generate';
import { formFailure, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { getOrm, requireTemporal } from '../services.server';
import { perform } from '../tenant.server';
import { editTreatmentPlan, generateTreatmentPlan, saveAndApprovePlan, treatmentPlanOverview } from '../treatment-plan.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const overview = await pageData(perform(actor, treatmentPlanOverview, { patientId }));
  // `?versie=3` shows an earlier version; by default the open draft, else the plan in force.
  const asked = Number(new URL(request.url).searchParams.get('versie'));
  const selected = overview.versions.find((version) => version.version === asked) ?? overview.draft ?? overview.current;
  return { patientId, overview, selectedId: selected?.id ?? null, canApprove: actor.role === 'psychiater', today: clinicalToday() };
}

type ActionResult =
  | FormFailure<TreatmentPlanContent>
  | { done: 'opgeslagen' | 'goedgekeurd'; version: number }
  | { refused: string }
  | { generateError: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // What a clinician can act on is shown on the page: approved meanwhile, not a psychiatrist, and for
  // a generation also the model's unusable answer or a busy server (each with its Dutch message).
  const shown = (error: unknown, key: 'refused' | 'generateError') =>
    error instanceof AppError && error.code !== 'validation_failed' && (error.status < 500 || key === 'generateError')
      ? Response.json({ [key]: error.message }, { status: error.status })
      : null;

  if (intent === 'genereren') {
    try {
      await generateTreatmentPlan({ orm: await getOrm(), ...(await requireTemporal()) }, actor, { patientId });
      return redirect(`/patients/${patientId}/behandelplan`);
    } catch (error) {
      const answer = shown(error, 'generateError');
      if (answer) return answer;
      throw error;
    }
  }

  const planId = String(form.get('planId') ?? '');
  const values = planFormValues(form);
  try {
    if (intent === 'goedkeuren') {
      const { approved } = await perform(actor, saveAndApprovePlan, { planId, plan: values });
      return { done: 'goedgekeurd' as const, version: approved.version };
    }
    const { plan: saved } = await perform(actor, editTreatmentPlan, { planId, plan: values });
    return { done: 'opgeslagen' as const, version: saved.version };
  } catch (error) {
    return shown(error, 'refused') ?? formFailure(error, values);
  }
}

function VersionList({ versions, selectedId, patientId }: { versions: TreatmentPlanView[]; selectedId: string | null; patientId: string }) {
  return (
    <section className="card plan-versions" aria-labelledby="plan-versions-title">
      <h2 id="plan-versions-title">Versies</h2>
      {versions.length === 0 ? (
        <p className="muted small">Nog geen versies. Een gegenereerd concept verschijnt hier.</p>
      ) : (
        <ol className="plan-version-list">
          {versions.map((version) => (
            <li key={version.id}>
              <Link
                to={`/patients/${patientId}/behandelplan?versie=${version.version}`}
                className={version.id === selectedId ? 'plan-version selected' : 'plan-version'}
                aria-current={version.id === selectedId ? 'true' : undefined}
                preventScrollReset
              >
                <span className="plan-version-head">
                  <strong>{`Versie ${version.version}`}</strong>
                  <PlanStatusBadge status={version.status} />
                </span>
                <span className="muted small">
                  {version.approvedAt && version.approvedBy
                    ? `Goedgekeurd ${formatWhen(version.approvedAt)} · ${version.approvedBy.name}`
                    : `Opgesteld ${formatWhen(version.generatedAt)} · ${version.bron === 'lokaal' ? 'zonder taalmodel' : 'met taalmodel'}`}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CurrentPlanCard({ current, patientId }: { current: TreatmentPlanView | null; patientId: string }) {
  return (
    <section className={current ? 'card plan-current' : 'card plan-current plan-current-none'} aria-labelledby="plan-current-title">
      <h2 id="plan-current-title">Geldend behandelplan</h2>
      {current && current.approvedAt && current.approvedBy ? (
        <>
          <div className="plan-current-line">
            <CheckCircledIcon aria-hidden="true" />{' '}
            <Link to={`/patients/${patientId}/behandelplan?versie=${current.version}`}>{`Versie ${current.version}`}</Link>
          </div>
          <p className="muted small">
            Goedgekeurd door {current.approvedBy.name}, {formatWhen(current.approvedAt)}.
            {current.plan.evaluatiemomenten[0] ? ` Eerstvolgende evaluatie ${formatDate(current.plan.evaluatiemomenten[0].datum)}.` : ''}
          </p>
        </>
      ) : (
        <p className="muted small">Er is nog geen goedgekeurd behandelplan.</p>
      )}
    </section>
  );
}

export default function TreatmentPlanTab() {
  const { patientId, overview, selectedId, canApprove, today } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const failure = result && 'fields' in result ? result : undefined;
  const selected = overview.versions.find((version) => version.id === selectedId) ?? null;
  const editing = selected && selected.status === 'concept' ? selected : null;

  return (
    <div className="plan-layout">
      <div className="plan-main">
        <PlanGeneratePanel
          patientId={patientId}
          draftVersion={overview.draft?.version ?? null}
          hasPlan={overview.versions.length > 0}
          serverError={result && 'generateError' in result ? result.generateError : undefined}
        />

        {result && 'done' in result ? (
          <p className="notice notice-success" role="status">
            <CheckCircledIcon aria-hidden="true" />
            {result.done === 'goedgekeurd'
              ? `Versie ${result.version} is goedgekeurd en is nu het geldende behandelplan.`
              : `Concept versie ${result.version} is opgeslagen.`}
          </p>
        ) : null}
        {result && 'refused' in result ? (
          <p className="notice notice-danger" role="alert">
            {result.refused}
          </p>
        ) : null}

        {selected ? (
          <article className="card plan-card" aria-labelledby="plan-title">
            <header className="plan-card-head">
              <div>
                <h2 id="plan-title">
                  <FileTextIcon aria-hidden="true" /> {`Behandelplan versie ${selected.version}`}
                </h2>
                <PlanProvenance plan={selected} />
              </div>
              <div className="plan-badges">
                <PlanStatusBadge status={selected.status} />
                <SourceBadge plan={selected} />
              </div>
            </header>
            {selected.melding ? <p className="notice notice-warning">{selected.melding}</p> : null}
            {editing ? (
              <>
                {editing.bron === 'lokaal' ? (
                  <p className="notice notice-info">
                    Dit concept is zonder taalmodel opgesteld, met vaste regels uit de intake, diagnoses, risico&apos;s en rapportages. Vul
                    de hulpvraag aan met de patiënt en maak de doelen persoonlijk.
                  </p>
                ) : null}
                <PlanEditor
                  key={failure ? JSON.stringify(failure.values) : `${editing.id}-${editing.updatedAt}`}
                  planId={editing.id}
                  version={editing.version}
                  values={failure?.values ?? editing.plan}
                  errors={failure?.fields}
                  message={failure?.message}
                  canApprove={canApprove}
                  today={today}
                />
              </>
            ) : (
              <>
                {selected.status === 'vervangen' ? (
                  <p className="notice notice-info">Deze versie is vervangen door een nieuwere en is alleen nog te lezen.</p>
                ) : (
                  <p className="notice notice-success plan-approved-note">
                    <CheckCircledIcon aria-hidden="true" /> Goedgekeurd en alleen te lezen. Bijstellen gaat via een nieuw concept.
                  </p>
                )}
                <PlanDocument plan={selected.plan} />
              </>
            )}
          </article>
        ) : null}
      </div>
      <aside className="plan-aside" aria-label="Behandelplan: status en versies">
        <CurrentPlanCard current={overview.current} patientId={patientId} />
        <VersionList versions={overview.versions} selectedId={selectedId} patientId={patientId} />
      </aside>
    </div>
  );
}
