import { Link } from '@remix-run/react';
import { CheckCircledIcon, Pencil2Icon } from '@radix-ui/react-icons';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { dailyNoteCategories, dailyNoteMaxLength, reportCategoryLabels } from '../../domain/report/report.schemas';
import { CharacterCounter } from '../components/character-counter';
import { Field } from '../components/field';
import { requestJson } from './api';
import { BlockCard, ErrorNotice } from './block-card';
import { useTurnState } from './conversation';
import type { AssistantError } from './errors';
import type { DailyNoteCategory, PatientRef } from './routing';

interface Draft {
  category: DailyNoteCategory;
  content: string;
  includeInHandover: boolean;
}

/**
 * The daily note the clinician asked for, filled in from the sentence, to check and save. Nothing
 * is written until "Opslaan"; afterwards the block shows where the note went.
 */
export function DailyNoteBlock({ patient, category, content }: { patient: PatientRef; category: DailyNoteCategory; content: string }) {
  const [draft, setDraft] = useTurnState<Draft>('note-draft', {
    category,
    content,
    includeInHandover: category === 'incident',
  });
  const [saved, setSaved] = useTurnState<{ id: string } | null>('note-saved', null);
  const [suggested, setSuggested] = useTurnState('note-suggested', false);
  const [error, setError] = useState<AssistantError | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { category: useId(), content: useId(), counter: useId(), handover: useId() };
  const fields = error?.fields ?? {};

  // Whether a note belongs in the handover is the same local judgement the report form uses;
  // asked once, and only a suggestion: the checkbox stays the clinician's.
  useEffect(() => {
    if (suggested || !content.trim()) return;
    const controller = new AbortController();
    void requestJson<{ includeInHandover: boolean }>('/api/reports/classify', { body: { text: content }, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setSuggested(true);
        if (result.ok)
          setDraft((current) => ({ ...current, includeInHandover: current.includeInHandover || result.data.includeInHandover }));
      },
    );
    return () => controller.abort();
  }, [content, suggested, setSuggested, setDraft]);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving || saved) return;
    if (!draft.content.trim()) {
      setError({
        code: 'validation_failed',
        message: 'Vul de tekst van de dagnotitie in.',
        retryable: false,
        fields: { content: 'Vul de tekst van de dagnotitie in.' },
      });
      return;
    }
    setSaving(true);
    setError(null);
    const result = await requestJson<{ id: string }>('/api/reports', {
      body: {
        patientId: patient.id,
        type: 'dagnotitie',
        category: draft.category,
        content: draft.content.trim(),
        includeInHandover: draft.includeInHandover,
      },
    });
    setSaving(false);
    if (result.ok) setSaved({ id: result.data.id });
    else setError(result.error);
  };

  return (
    <BlockCard
      icon={<Pencil2Icon />}
      title="Dagnotitie"
      meta={saved ? 'Opgeslagen' : 'Controleer en sla op; er is nog niets vastgelegd.'}
      testId="block-dagnotitie"
    >
      <form className="chat-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="chat-form-row">
          <div className="field">
            <span className="field-label">Patiënt</span>
            <span className="chat-patient" data-testid="note-patient">
              <span className="chat-patient-avatar" aria-hidden="true">
                {patient.name
                  .split(/\s+/)
                  .filter((part) => /^[A-ZÀ-Ý]/.test(part))
                  .map((part) => part[0])
                  .slice(0, 2)
                  .join('')}
              </span>
              {patient.name}
            </span>
          </div>
          <Field id={ids.category} label="Categorie" error={fields.category}>
            <select
              value={draft.category}
              disabled={Boolean(saved)}
              onChange={(event) => {
                const value = event.currentTarget.value as DailyNoteCategory;
                setDraft((current) => ({ ...current, category: value }));
              }}
            >
              {dailyNoteCategories.map((option) => (
                <option key={option} value={option}>
                  {reportCategoryLabels[option]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          id={ids.content}
          label="Tekst"
          error={fields.content}
          describedBy={ids.counter}
          footer={<CharacterCounter id={ids.counter} text={draft.content} max={dailyNoteMaxLength} />}
        >
          <textarea
            rows={3}
            value={draft.content}
            readOnly={Boolean(saved)}
            placeholder="Wat viel op deze dienst op? Kort en feitelijk."
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, content: value }));
            }}
          />
        </Field>
        <div className="chat-form-actions">
          <label className="checkbox-field chat-checkbox" htmlFor={ids.handover}>
            <input
              id={ids.handover}
              type="checkbox"
              checked={draft.includeInHandover}
              disabled={Boolean(saved)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setSuggested(true);
                setDraft((current) => ({ ...current, includeInHandover: checked }));
              }}
            />
            <span>Meenemen in de overdracht</span>
          </label>
          {saved ? null : (
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? 'Bezig met opslaan…' : 'Dagnotitie opslaan'}
            </button>
          )}
        </div>
        {error &&
        !(
          error.code === 'validation_failed' &&
          error.fields &&
          Object.keys(error.fields).some((key) => key === 'content' || key === 'category')
        ) ? (
          <ErrorNotice error={error} onRetry={() => void save()} />
        ) : null}
        {saved ? (
          <div className="notice notice-success chat-saved" role="status">
            <CheckCircledIcon aria-hidden="true" />
            <p>
              Dagnotitie opgeslagen bij {patient.name}. <Link to={`/patients/${patient.id}/rapportages`}>Bekijk in de tijdlijn</Link>
            </p>
          </div>
        ) : null}
      </form>
    </BlockCard>
  );
}
