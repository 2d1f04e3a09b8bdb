import { Form } from '@remix-run/react';
import { questionMaxLength } from '../../domain/dossiervraag/dossiervraag.schemas';
import { Field } from './field';

/**
 * The record's "Vraag het dossier" box: a plain POST form to the record's dossiervraag tab, so it
 * works without JavaScript; with it, Remix submits it without a page load.
 */
export function DossiervraagForm({ value = '', error, compact = false }: { value?: string; error?: string; compact?: boolean }) {
  return (
    <Form method="post" action="dossiervraag" className={compact ? 'dossier-ask dossier-ask-compact' : 'dossier-ask'} role="search">
      <Field id={compact ? 'dossiervraag-kort' : 'dossiervraag'} label="Vraag het dossier" error={error}>
        <input
          type="search"
          name="vraag"
          defaultValue={value}
          maxLength={questionMaxLength}
          placeholder="Bijvoorbeeld: wanneer is de clozapine verhoogd?"
          required
        />
      </Field>
      <button type="submit" className="button button-secondary">
        Vraag
      </button>
    </Form>
  );
}
