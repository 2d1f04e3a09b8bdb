import { Link } from '@remix-run/react';
import { CheckCircledIcon, CheckIcon, EnvelopeClosedIcon, ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useEffect, useId, useState } from 'react';
import { requestJson } from './api';
import { BlockCard, Loading } from './block-card';
import { useTurnState } from './conversation';
import { findNoShow, startNoShow, type NoShowStep } from './noshow';

/**
 * "Jan de Vries is niet verschenen op zijn afspraak van 10:00": the appointment it means, to
 * confirm; only then the no-show process starts (ADR 14), with a link to the letter's review.
 */
export function NoShowBlock({ sentence }: { sentence: string }) {
  const [step, setStep] = useTurnState<NoShowStep | null>('noshow', null);
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupId = useId();

  useEffect(() => {
    if (step) return;
    let current = true;
    void findNoShow(sentence, requestJson).then((found) => {
      if (current) setStep(found ?? { kind: 'niet_gevonden', text: 'Dit lijkt geen melding van een niet-verschenen patiënt.' });
    });
    return () => {
      current = false;
    };
  }, [sentence, step, setStep]);

  const candidates = step?.kind === 'bevestigen' ? step.candidates : [];
  const chosen = candidates.length === 1 ? candidates[0]!.appointmentId : choice;

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    setStep(await startNoShow(chosen, requestJson));
    setBusy(false);
  };

  return (
    <BlockCard
      icon={<EnvelopeClosedIcon />}
      title="Niet verschenen registreren"
      meta="De afspraak komt op niet verschenen; de huisartsbrief wordt herschreven voor beoordeling"
      testId="block-noshow"
    >
      {!step ? <Loading label="Afspraak zoeken…" /> : null}
      {step?.kind === 'bevestigen' ? (
        <>
          <p>{step.text}</p>
          {candidates.length > 1 ? (
            <fieldset className="chain-choices">
              <legend className="small">Welke afspraak bedoel je?</legend>
              {candidates.map((candidate) => (
                <label key={candidate.appointmentId} className="chain-choice">
                  <input
                    type="radio"
                    name={groupId}
                    value={candidate.appointmentId}
                    checked={choice === candidate.appointmentId}
                    onChange={() => setChoice(candidate.appointmentId)}
                  />
                  {candidate.label}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="chain-actions">
            <button type="button" className="button button-primary" disabled={busy || !chosen} onClick={() => void confirm()}>
              <CheckIcon aria-hidden="true" /> {busy ? 'Bezig…' : 'Bevestigen'}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setStep({ kind: 'afgewezen' })}>
              Afwijzen
            </button>
          </div>
        </>
      ) : null}
      {step?.kind === 'gestart' ? (
        <div className="notice notice-success" role="status">
          <CheckCircledIcon aria-hidden="true" />
          <p>
            {step.text} {step.href ? <Link to={step.href}>Brief beoordelen</Link> : null}
          </p>
        </div>
      ) : null}
      {step?.kind === 'niet_gevonden' ? (
        <p className="muted">
          {step.text} <Link to="/agenda">Naar de agenda</Link>
        </p>
      ) : null}
      {step?.kind === 'afgewezen' ? <p className="muted">Afgewezen: er is niets gewijzigd.</p> : null}
      {step?.kind === 'fout' ? (
        <div className="notice notice-danger chat-error" role="alert">
          <ExclamationTriangleIcon aria-hidden="true" />
          <div>
            <p>{step.text}</p>
            <div className="chat-error-actions">
              <button type="button" className="button button-secondary button-small" onClick={() => setStep(null)}>
                <ReloadIcon aria-hidden="true" /> Opnieuw proberen
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </BlockCard>
  );
}
