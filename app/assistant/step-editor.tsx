import { wallClockOf, wallClockToIso } from '../../domain/shared/clinical-time';
import { Pencil2Icon } from '@radix-ui/react-icons';
import { useId, type ReactNode } from 'react';
import { cancelReasonCodes, cancelReasonLabels } from '../../domain/agenda/cancel-reasons';
import { dischargeNoteMaxLength, dischargeReasonCodes, dischargeReasonLabels } from '../../domain/discharge/discharge.vocabulary';
import type { ChainStep, StepEdit } from '../../domain/intent/chain';
import { dailyNoteCategories, dailyNoteMaxLength, reportCategoryLabels } from '../../domain/report/report.schemas';

/**
 * A prepared write, changeable before "Bevestigen": the note's text, category and handover flag,
 * an appointment's day and time. What is confirmed is what these fields show.
 */
export function StepEditor({ step, edit, onChange }: { step: ChainStep; edit: StepEdit; onChange: (edit: StepEdit) => void }) {
  const id = useId();
  const plan = step.plan ?? {};
  const change = (fields: StepEdit) => onChange({ ...edit, ...fields });

  if (step.intent === 'dagnotitie') {
    const content = edit.content ?? plan.content ?? '';
    return (
      <Disclosure label="Dagnotitie aanpassen" edited={Object.keys(edit).length > 0}>
        <div className="field">
          <label htmlFor={`${id}-content`}>Tekst</label>
          <textarea
            id={`${id}-content`}
            rows={3}
            maxLength={dailyNoteMaxLength}
            value={content}
            onChange={(event) => change({ content: event.currentTarget.value })}
          />
        </div>
        <div className="step-editor-row">
          <div className="field">
            <label htmlFor={`${id}-category`}>Categorie</label>
            <select
              id={`${id}-category`}
              value={edit.category ?? plan.category ?? 'observatie'}
              onChange={(event) => change({ category: event.currentTarget.value as StepEdit['category'] })}
            >
              {dailyNoteCategories.map((category) => (
                <option key={category} value={category}>
                  {reportCategoryLabels[category]}
                </option>
              ))}
            </select>
          </div>
          <div className="checkbox-field">
            <input
              id={`${id}-handover`}
              type="checkbox"
              checked={edit.includeInHandover ?? plan.includeInHandover ?? false}
              onChange={(event) => change({ includeInHandover: event.currentTarget.checked })}
            />
            <label htmlFor={`${id}-handover`}>Ook in de overdracht</label>
          </div>
        </div>
      </Disclosure>
    );
  }

  if (step.intent === 'cancel_appointment') {
    // Not behind a disclosure: a cancellation needs its reason before it can be confirmed (as on the page).
    const code = edit.reasonCode ?? plan.reasonCode;
    return (
      <fieldset className="step-editor step-editor-reason">
        <legend>Waarom wordt de afspraak geannuleerd?</legend>
        <div className="choice-list">
          {cancelReasonCodes.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${id}-reason-code`}
                value={option}
                checked={code === option}
                onChange={() => change({ reasonCode: option })}
              />
              <span>{cancelReasonLabels[option]}</span>
            </label>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reden</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={300}
            value={edit.reason ?? plan.reason ?? ''}
            onChange={(event) => change({ reason: event.currentTarget.value })}
          />
        </div>
      </fieldset>
    );
  }

  if (step.intent === 'ontslag') {
    // Open, as a cancellation's reason: the reason and the date are part of what is confirmed (ADR 0080).
    const code = edit.dischargeReasonCode ?? plan.dischargeReasonCode;
    return (
      <fieldset className="step-editor step-editor-reason">
        <legend>Reden van het ontslag</legend>
        <div className="choice-list">
          {dischargeReasonCodes.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${id}-discharge-reason`}
                value={option}
                checked={code === option}
                onChange={() => change({ dischargeReasonCode: option })}
              />
              <span>{dischargeReasonLabels[option]}</span>
            </label>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${id}-discharge-note`}>Toelichting</label>
          <textarea
            id={`${id}-discharge-note`}
            rows={2}
            maxLength={dischargeNoteMaxLength}
            value={edit.reason ?? plan.reason ?? ''}
            onChange={(event) => change({ reason: event.currentTarget.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-discharge-date`}>Ontslagdatum</label>
          <input
            id={`${id}-discharge-date`}
            type="date"
            value={edit.dischargedOn ?? plan.dischargedOn ?? ''}
            onChange={(event) => change({ dischargedOn: event.currentTarget.value })}
          />
        </div>
      </fieldset>
    );
  }

  const prepared = step.intent === 'reschedule_appointment' ? plan.moveTo : step.intent === 'create_appointment' ? plan.start : undefined;
  if (!prepared) return null;
  return (
    <Disclosure label="Tijdstip aanpassen" edited={Object.keys(edit).length > 0}>
      <div className="field">
        <label htmlFor={`${id}-start`}>{step.intent === 'reschedule_appointment' ? 'Nieuwe dag en tijd' : 'Dag en tijd'}</label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          step={300}
          value={wallClockOf(edit.start ?? prepared)}
          onChange={(event) => {
            const start = wallClockToIso(event.currentTarget.value);
            if (start) change({ start });
          }}
        />
      </div>
    </Disclosure>
  );
}

/** Closed until the clinician opens it; once changed it stays open and says so. */
function Disclosure({ label, edited, children }: { label: string; edited: boolean; children: ReactNode }) {
  return (
    <details className="step-editor" open={edited}>
      <summary>
        <Pencil2Icon aria-hidden="true" /> {label}
        {edited ? <span className="chip">aangepast: wordt vastgelegd zoals hieronder</span> : null}
      </summary>
      {children}
    </details>
  );
}
