import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { products, routes } from '../../domain/medication/products';
import { clinicalToday } from '../../domain/shared/clinical-time';
import { Field } from '../components/field';
import { formFailure } from '../form.server';
import { patientPage } from '../page.server';
import { prescribe } from '../patients.server';
import { audited } from '../tenant.server';

const onlyDoctors = 'Alleen een arts kan medicatie voorschrijven.';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor } = await patientPage({ request, params, context });
  if (actor.role !== 'psychiater') throw Response.json({ message: onlyDoctors }, { status: 403 });
  return { today: clinicalToday() };
}

type Values = Record<string, string>;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values: Values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
  try {
    await audited(actor, { action: 'create', resourceType: 'MedicationRequest', patientIds: [patientId] }, (em) =>
      prescribe(em, actor, patientId, {
        productCode: values.productCode ?? '',
        dose: values.dose ?? '',
        route: values.route || undefined,
        kind: values.kind ?? '',
        times: values.kind === 'vast' ? (values.times ?? '') : undefined,
        indication: values.kind === 'zo-nodig' ? values.indication || undefined : undefined,
        maxPerDay: values.kind === 'zo-nodig' && values.maxPerDay ? values.maxPerDay : undefined,
        startDate: values.startDate ?? '',
        endDate: values.endDate || undefined,
        note: values.note || undefined,
      }),
    );
    return redirect(`/patients/${patientId}/medicatie`);
  } catch (error) {
    return formFailure(error, values);
  }
}

export default function NewPrescription() {
  const { today } = useLoaderData<typeof loader>();
  const failure = useActionData<{ message: string; fields: Record<string, string>; values: Values }>();
  const busy = useNavigation().state === 'submitting';
  const fields = failure?.fields ?? {};
  const typed = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const kind = typed('kind', 'vast');
  return (
    <section className="card" aria-labelledby="prescribe-title">
      <h2 id="prescribe-title">Nieuw voorschrift</h2>
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {failure.message}
        </p>
      ) : null}
      <Form method="post" className="stack-form" noValidate>
        <Field id="productCode" label="Middel" error={fields.productCode}>
          <select name="productCode" defaultValue={typed('productCode')}>
            <option value="">Kies een middel</option>
            {products.map((product) => (
              <option key={product.code} value={product.code}>
                {`${product.name} (${product.form})`}
              </option>
            ))}
          </select>
        </Field>
        <div className="field-row">
          <Field id="dose" label="Dosis" hint="Bijvoorbeeld 1 tablet of 5 mg." error={fields.dose}>
            <input type="text" name="dose" maxLength={60} defaultValue={typed('dose')} />
          </Field>
          <Field id="route" label="Toedieningsweg" error={fields.route}>
            <select name="route" defaultValue={typed('route')}>
              <option value="">Gebruikelijke weg van het middel</option>
              {routes.map((route) => (
                <option key={route} value={route}>
                  {route}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset className="field">
          <legend>Schema</legend>
          <label className="checkbox-field">
            <input type="radio" name="kind" value="vast" defaultChecked={kind === 'vast'} /> Vaste tijden
          </label>
          <label className="checkbox-field">
            <input type="radio" name="kind" value="zo-nodig" defaultChecked={kind === 'zo-nodig'} /> Zo nodig
          </label>
          {fields.kind ? <p className="field-error">{fields.kind}</p> : null}
        </fieldset>
        {/* Both parts show, with or without JavaScript; the server uses the one the chosen schema needs. */}
        <div className="field-row">
          <Field id="times" label="Tijdstippen (bij vaste tijden)" hint="Bijvoorbeeld 08:00, 20:00." error={fields.times}>
            <input type="text" name="times" defaultValue={typed('times')} />
          </Field>
        </div>
        <div className="field-row">
          <Field id="indication" label="Indicatie (bij zo nodig)" error={fields.indication}>
            <input type="text" name="indication" maxLength={200} defaultValue={typed('indication')} />
          </Field>
          <Field id="maxPerDay" label="Maximaal aantal keer per 24 uur (bij zo nodig)" error={fields.maxPerDay}>
            <input type="number" name="maxPerDay" min={1} max={24} defaultValue={typed('maxPerDay')} />
          </Field>
        </div>
        <div className="field-row">
          <Field id="startDate" label="Startdatum" error={fields.startDate}>
            <input type="date" name="startDate" defaultValue={typed('startDate', today)} />
          </Field>
          <Field id="endDate" label="Einddatum (optioneel)" error={fields.endDate}>
            <input type="date" name="endDate" defaultValue={typed('endDate')} />
          </Field>
        </div>
        <Field id="note" label="Toelichting (optioneel)" error={fields.note}>
          <input type="text" name="note" maxLength={500} defaultValue={typed('note')} />
        </Field>
        <div className="form-actions">
          <Link to="../medicatie" relative="path" className="button button-secondary">
            Annuleren
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            Voorschrijven
          </button>
        </div>
      </Form>
    </section>
  );
}
