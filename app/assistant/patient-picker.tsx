import { PersonIcon } from '@radix-ui/react-icons';
import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../domain/patient/patient.format';
import { requestJson } from './api';
import { Loading } from './block-card';
import type { PatientOption } from './patient-choice';

/** "Welke Fatima bedoel je?": the patients the name fits, by name and birth date. */
export function PatientPicker({ name, onChoose }: { name: string; onChoose: (patient: PatientOption) => void }) {
  const [options, setOptions] = useState<PatientOption[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const groupId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setOptions(null);
    setChoice(null);
    void requestJson<{ results: PatientOption[] }>(`/api/core/patients/search?q=${encodeURIComponent(name)}&limit=6`, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setOptions(result.ok ? result.data.results : []);
    });
    return () => controller.abort();
  }, [name]);

  if (!options) return <Loading label={`Patiënten zoeken voor “${name}”…`} />;
  if (options.length === 0) return <p className="muted">Geen patiënt gevonden voor “{name}”. Formuleer de opdracht opnieuw met de volledige naam.</p>;
  const chosen = options.find((option) => option.id === choice);
  return (
    <div className="patient-picker">
      <fieldset className="chain-choices">
        <legend className="small">Welke patiënt bedoel je met “{name}”?</legend>
        {options.map((option) => (
          <label key={option.id} className="chain-choice">
            <input type="radio" name={groupId} value={option.id} checked={choice === option.id} onChange={() => setChoice(option.id)} />
            {option.name}
            <span className="muted"> · geboren {formatDate(option.birthDate)}</span>
          </label>
        ))}
      </fieldset>
      <div className="chain-actions">
        <button type="button" className="button button-primary" disabled={!chosen} onClick={() => chosen && onChoose(chosen)}>
          <PersonIcon aria-hidden="true" /> Verder met deze patiënt
        </button>
      </div>
    </div>
  );
}
