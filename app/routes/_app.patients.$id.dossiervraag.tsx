import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import type { Bron } from '../../domain/dossiervraag/dossiervraag.service';
import { sourceTypeLabels } from '../../domain/dossiervraag/dossiervraag.vocabulary';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { patientPage } from '../page.server';
import { askTheRecord } from '../patients.server';
import { perform } from '../tenant.server';
import { DossiervraagForm } from '../components/dossiervraag';

/** The tab itself reads nothing: the question comes by the form (a POST), so it is in no URL or server log. */
export async function loader(args: LoaderFunctionArgs) {
  await patientPage(args);
  return null;
}

/** "Vraag het dossier": the answer from the record with its sources, or the field's Dutch message. */
export async function action(args: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage(args);
  const values = valuesOf(await args.request.formData(), ['vraag']);
  try {
    return { vraag: values.vraag, ...(await perform(actor, askTheRecord, { patientId, vraag: values.vraag })) };
  } catch (error) {
    return formFailure(error, values);
  }
}

type Answered = { vraag: string; antwoord: string; bronnen: Bron[] };

function Sources({ bronnen }: { bronnen: Bron[] }) {
  return (
    <ol className="dossier-sources">
      {bronnen.map((bron) => (
        <li key={bron.id}>
          <p>{bron.tekst}</p>
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
          {answered.bronnen.length === 0 ? <p>{answered.antwoord}</p> : <Sources bronnen={answered.bronnen} />}
        </div>
      ) : null}
    </section>
  );
}
