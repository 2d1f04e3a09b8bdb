import type { ChainAction } from '../../domain/intent/intent.schemas';
import type { PatientRef } from './routing';

/*
 * A name in the sentence that fits several patients: the chain API says so per action
 * (`actions.N.entities.patientId`), the chat shows a picker, and the chosen patient fills every
 * action with that name — "zoek Pieter en maak daarna een notitie" is then about one Pieter.
 */

/** The names still to choose, in the order of the actions, each once. */
export function namesToChoose(actions: readonly ChainAction[], fields: Record<string, string> | undefined): string[] {
  const names: string[] = [];
  for (const field of Object.keys(fields ?? {})) {
    const index = /^actions\.(\d+)\.entities\.patientId$/.exec(field)?.[1];
    const action = index === undefined ? undefined : actions[Number(index)];
    const name = action?.entities.patientName;
    if (name && !action.entities.patientId && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Every action that names `name` is about the chosen patient from now on. */
export function withPatient(actions: readonly ChainAction[], name: string, patient: PatientRef): ChainAction[] {
  return actions.map((action) =>
    action.entities.patientName === name
      ? { ...action, entities: { ...action.entities, patientId: patient.id, patientName: patient.name } }
      : action,
  );
}
