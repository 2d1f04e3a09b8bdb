import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import type { Antwoord } from '../../domain/dossiervraag/dossiervraag.model';
import type { Bron } from '../../domain/dossiervraag/dossiervraag.service';
import { sourceTypeLabels } from '../../domain/dossiervraag/dossiervraag.vocabulary';
import { classifyDeps } from '../assistant.server';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { patientPage } from '../page.server';
import { answerQuestion } from '../patients.server';
import { DossiervraagForm } from '../components/dossiervraag';

/** The tab itself reads nothing: the question comes by the form (a POST), so it is in no URL or server log. */
export async function loader(args: LoaderFunctionArgs) {
  await patientPage(args);
  return null;
}

/** "Vraag het dossier": the answer from the record (with a model: checked sentences, ADR 0084) with its sources, or the field's Dutch message. */
export async function action(args: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage(args);
  const values = valuesOf(await args.request.formData(), ['vraag']);
  try {
    return {
      vraag: values.vraag,
      ...(await answerQuestion(await classifyDeps(), actor, { patientId, vraag: values.vraag }, args.request.signal)),
    };
  } catch (error) {
    return formFailure(error, values);
  }
}

type Answered = Antwoord & { vraag: string };

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

export default function Dossiervraag() {
  const result = useActionData<Answered | FormFailure>();
  const failure = result && 'fields' in result ? result : undefined;
  const answered = result && 'antwoord' in result ? result : undefined;
  return (
    <section className="card card-wide" aria-labelledby="dossiervraag-titel">
      <h2 id="dossiervraag-titel">Vraag het dossier</h2>
      <p className="muted">Het antwoord komt uit het dossier zelf, met de bronnen erbij. Staat het er niet in, dan zegt het dat.</p>
      <DossiervraagForm value={answered?.vraag ?? failure?.values.vraag ?? ''} error={failure?.fields.vraag} />
      {answered ? (
        <div className="dossier-answer" role="status">
          {answered.bron === 'taalmodel' ? (
            answered.antwoord.split(/\n\n+/).map((paragraph, index) => <p key={index}>{paragraph}</p>)
          ) : (
            <>
              {answered.melding ? <p className="muted">{answered.melding}</p> : null}
              {answered.bronnen.length === 0 ? <p>{answered.antwoord}</p> : null}
            </>
          )}
          {answered.bronnen.length ? <Sources bronnen={answered.bronnen} /> : null}
        </div>
      ) : null}
    </section>
  );
}
