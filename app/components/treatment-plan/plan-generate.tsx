import { Form, useNavigate, useNavigation } from '@remix-run/react';
import { MagicWandIcon, ReloadIcon } from '@radix-ui/react-icons';
import type { FormEvent } from 'react';
import type { TreatmentPlanView } from '../../../domain/treatment-plan/treatment-plan.schemas';
import { GenerationError, GenerationStepper, useGeneration } from '../generation';

/**
 * "Behandelplan genereren": a plain form post without JavaScript (the server waits for the
 * workflow), and with JavaScript the API call with the workflow's steps shown while it runs.
 */
export function PlanGeneratePanel({
  patientId,
  draftVersion,
  hasPlan,
  serverError,
}: {
  patientId: string;
  draftVersion: number | null;
  hasPlan: boolean;
  serverError?: string;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { state, generate } = useGeneration<TreatmentPlanView>({
    url: '/api/behandelplan/generate',
    statusUrl: `/api/behandelplan/generate/status?${new URLSearchParams({ patientId })}`,
    body: JSON.stringify({ patientId }),
    // The new draft is the version to show: back to the tab without a chosen version.
    onDone: () => navigate(`/patients/${patientId}/behandelplan`, { preventScrollReset: true }),
  });
  const busy = state.kind === 'running' || (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'genereren');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void generate();
  };
  const label = draftVersion ? 'Nieuw concept genereren' : 'Behandelplan genereren';

  return (
    <section
      className={hasPlan ? 'card plan-generate' : 'card plan-generate plan-generate-first'}
      aria-labelledby="plan-generate-title"
      aria-busy={busy}
    >
      <div className="card-header">
        <div>
          <h2 id="plan-generate-title">{hasPlan ? 'Concept opstellen' : 'Nog geen behandelplan'}</h2>
          <p className="muted small">
            Een concept uit de intake, diagnoses, actuele risico&apos;s en recente rapportages, in de opbouw van het GGZ-behandelplan. Jij
            bespreekt het met de patiënt, past het aan en keurt het goed.
            {draftVersion ? ` Sla je wijzigingen eerst op: het huidige concept (versie ${draftVersion}) blijft als versie bewaard.` : ''}
          </p>
        </div>
        <Form method="post" onSubmit={onSubmit}>
          <button
            type="submit"
            name="intent"
            value="genereren"
            className={hasPlan ? 'button button-secondary' : 'button button-primary'}
            disabled={busy}
          >
            {state.kind === 'error' ? <ReloadIcon aria-hidden="true" /> : <MagicWandIcon aria-hidden="true" />}{' '}
            {busy ? 'Bezig met opstellen…' : label}
          </button>
        </Form>
      </div>
      {state.kind === 'running' ? <GenerationStepper progress={state.progress} starting="Behandelplan wordt gestart…" /> : null}
      {state.kind === 'error' ? (
        <GenerationError message={state.message} canRetry={state.canRetry} onRetry={() => void generate()} />
      ) : null}
      {serverError && state.kind === 'idle' ? <GenerationError message={serverError} canRetry={false} onRetry={() => undefined} /> : null}
    </section>
  );
}
