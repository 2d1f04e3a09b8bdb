import { Form, Link } from '@remix-run/react';
import type { Antwoord } from '../../domain/dossiervraag/dossiervraag.model';
import { questionMaxLength } from '../../domain/dossiervraag/dossiervraag.schemas';
import type { Bron } from '../../domain/dossiervraag/dossiervraag.service';
import { sourceTypeLabels } from '../../domain/dossiervraag/dossiervraag.vocabulary';
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

function Sources({ bronnen }: { bronnen: Bron[] }) {
  return (
    <ol className="dossier-sources">
      {bronnen.map((bron) => (
        <li key={bron.id}>
          <p>
            {bron.label ? <strong>{`[${bron.label}] `}</strong> : null}
            {bron.tekst}
          </p>
          <p className="muted small">
            <Link to={bron.link}>{sourceTypeLabels[bron.type]}</Link>
            {` · ${bron.datum}${bron.auteur ? ` · ${bron.auteur}` : ''}`}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The answer to a question about the record, as the record's page and the chat show it alike:
 * the model's checked sentences (or the notice why the record answers itself), then the sources
 * with their type, date and author, each linked into the record; "Ik weet het niet" without sources.
 */
export function DossierAnswer({ answer }: { answer: Antwoord }) {
  return (
    <div className="dossier-answer" role="status">
      {answer.bron === 'taalmodel' ? (
        answer.antwoord.split(/\n\n+/).map((paragraph, index) => <p key={index}>{paragraph}</p>)
      ) : (
        <>
          {answer.melding ? <p className="muted">{answer.melding}</p> : null}
          {answer.bronnen.length === 0 ? <p>{answer.antwoord}</p> : null}
        </>
      )}
      {answer.bronnen.length ? <Sources bronnen={answer.bronnen} /> : null}
    </div>
  );
}
