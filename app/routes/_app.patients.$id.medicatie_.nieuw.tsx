import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { products, routes } from '../../domain/medication/products';
import type { SafetyWarning } from '../../domain/medication/safety';
import { defaultMinIntervalMinutes, maxMinIntervalMinutes } from '../../domain/medication/safety-rules';
import { clinicalToday } from '../../domain/shared/clinical-time';
import { AppError, warningsOf } from '../../domain/shared/errors';
import { Field } from '../components/field';
import { formFailure, valuesOf } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { listAllergies, prescribeMedication } from '../patients.server';
import { perform } from '../tenant.server';

const onlyDoctors = 'Alleen een arts kan medicatie voorschrijven.';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  if (actor.role !== 'psychiater') throw Response.json({ message: onlyDoctors }, { status: 403 });
  // The prescriber sees the allergies before choosing a product; the check itself runs on saving.
  const allergies = await pageData(perform(actor, listAllergies, { patientId }));
  return {
    today: clinicalToday(),
    allergyStatus: allergies.status,
    allergies: allergies.active.map((entry) => ({ substance: entry.substance, severity: entry.severity, reaction: entry.reaction })),
  };
}

type Values = Record<string, string>;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    await perform(actor, prescribeMedication, {
      patientId,
      prescription: {
        productCode: values.productCode ?? '',
        dose: values.dose ?? '',
        route: values.route || undefined,
        kind: values.kind ?? '',
        times: values.kind === 'vast' ? (values.times ?? '') : undefined,
        indication: values.kind === 'zo-nodig' ? values.indication || undefined : undefined,
        maxPerDay: values.kind === 'zo-nodig' && values.maxPerDay ? values.maxPerDay : undefined,
        minIntervalMinutes: values.kind === 'zo-nodig' && values.minIntervalMinutes ? values.minIntervalMinutes : undefined,
        overrideReason: values.overrideReason || undefined,
        startDate: values.startDate ?? '',
        endDate: values.endDate || undefined,
        note: values.note || undefined,
      },
    });
    return redirect(`/patients/${patientId}/medicatie`);
  } catch (error) {
    // A safety warning: the form comes back with the warnings and a field for the reason to override them.
    const warnings = error instanceof AppError && error.code === 'conflict' ? warningsOf(error.details) : undefined;
    return formFailure(error, values, warnings ? { shows: ['conflict'], extra: { warnings } } : {});
  }
}

const allergyStatusText = {
  'niet-vastgelegd': 'Allergieën zijn niet vastgelegd. Vraag ze na en leg ze vast, of leg "geen bekende allergieën" vast.',
  'geen-bekende': 'Geen bekende allergieën.',
} as const;

export default function NewPrescription() {
  const { today, allergyStatus, allergies } = useLoaderData<typeof loader>();
  const failure = useActionData<{ message: string; fields: Record<string, string>; values: Values; warnings?: SafetyWarning[] }>();
  const blocking = failure?.warnings?.filter((warning) => warning.blocking) ?? [];
  const busy = useNavigation().state === 'submitting';
  const fields = failure?.fields ?? {};
  const typed = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const kind = typed('kind', 'vast');
  return (
    <section className="card" aria-labelledby="prescribe-title">
      <h2 id="prescribe-title">Nieuw voorschrift</h2>
      {allergyStatus === 'vastgelegd' ? (
        <div className="notice notice-warning notice-block" id="prescribe-allergies">
          <p>
            <strong>Allergieën:</strong>
          </p>
          <ul>
            {allergies.map((entry) => (
              <li key={entry.substance}>{`${entry.substance} (${[entry.severity, entry.reaction].filter(Boolean).join(': ')})`}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={allergyStatus === 'niet-vastgelegd' ? 'notice notice-warning' : 'notice notice-info'} id="prescribe-allergies">
          {allergyStatusText[allergyStatus]}
        </p>
      )}
      {blocking.length ? (
        <div className="notice notice-danger notice-block" role="alert" id="prescribe-warnings">
          <p>
            <strong>Veiligheidswaarschuwing</strong>
          </p>
          <ul>
            {blocking.map((warning) => (
              <li key={warning.message}>{warning.message}</li>
            ))}
          </ul>
          <p>Pas het voorschrift aan, of schrijf het toch voor met een reden; die reden wordt bij het voorschrift bewaard.</p>
        </div>
      ) : failure ? (
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
          <Field
            id="minIntervalMinutes"
            label="Minimale tijd tussen twee giften in minuten (bij zo nodig)"
            hint={`Standaard ${defaultMinIntervalMinutes} minuten; 0 is geen minimum.`}
            error={fields.minIntervalMinutes}
          >
            <input
              type="number"
              name="minIntervalMinutes"
              min={0}
              max={maxMinIntervalMinutes}
              defaultValue={typed('minIntervalMinutes', String(defaultMinIntervalMinutes))}
            />
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
        {blocking.length ? (
          <Field
            id="overrideReason"
            label="Reden om de waarschuwing te negeren"
            hint="Alleen als je het voorschrift toch wilt; de reden wordt bij het voorschrift bewaard."
            error={fields.overrideReason}
          >
            <textarea name="overrideReason" maxLength={500} rows={2} defaultValue={typed('overrideReason')} />
          </Field>
        ) : null}
        <div className="form-actions">
          <Link to="../medicatie" relative="path" className="button button-secondary">
            Annuleren
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {blocking.length ? 'Toch voorschrijven' : 'Voorschrijven'}
          </button>
        </div>
      </Form>
    </section>
  );
}
