import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import type { Antwoord } from '../../domain/dossiervraag/dossiervraag.model';
import { classifyDeps, limitQuestion } from '../assistant.server';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { patientPage } from '../page.server';
import { answerQuestion } from '../patients.server';
import { DossierAnswer, DossiervraagForm } from '../components/dossiervraag';

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
    const deps = await classifyDeps();
    await limitQuestion(actor.userId, deps);
    return { vraag: values.vraag, ...(await answerQuestion(deps, actor, { patientId, vraag: values.vraag }, args.request.signal)) };
  } catch (error) {
    return formFailure(error, values);
  }
}

type Answered = Antwoord & { vraag: string };

export default function Dossiervraag() {
  const result = useActionData<Answered | FormFailure>();
  const failure = result && 'fields' in result ? result : undefined;
  const answered = result && 'antwoord' in result ? result : undefined;
  return (
    <section className="card card-wide" aria-labelledby="dossiervraag-titel">
      <h2 id="dossiervraag-titel">Vraag het dossier</h2>
      <p className="muted">Het antwoord komt uit het dossier zelf, met de bronnen erbij. Staat het er niet in, dan zegt het dat.</p>
      <DossiervraagForm value={answered?.vraag ?? failure?.values.vraag ?? ''} error={failure?.fields.vraag} />
      {answered ? <DossierAnswer answer={answered} /> : null}
    </section>
  );
}
