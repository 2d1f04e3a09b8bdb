import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { formatWhen } from '../../domain/shared/clinical-time';
import { Field } from '../components/field';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { readIntakeSection, saveIntakeSectionText } from '../patients.server';
import { perform } from '../tenant.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  return pageData(perform(actor, readIntakeSection, { patientId, section: params.section ?? '' }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    await perform(actor, saveIntakeSectionText, {
      patientId,
      section: params.section ?? '',
      text: { content: values.content ?? '', complete: values.complete === 'on', basedOn: values.basedOn ?? null },
    });
    return redirect(`/patients/${patientId}/intake`);
  } catch (error) {
    return formFailure(error, values, { shows: ['conflict'] });
  }
}

export default function IntakeSectionEditor() {
  const { section, versions } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === 'submitting';
  const fields = failure?.fields ?? {};
  return (
    <div className="cards">
      <section className="card" aria-labelledby="section-title">
        <h2 id="section-title">{section.label}</h2>
        {section.updatedAt ? (
          <p className="muted small">{`Laatst gewijzigd ${formatWhen(section.updatedAt)}${section.updatedBy ? ` door ${section.updatedBy}` : ''}.`}</p>
        ) : null}
        {failure && !fields.content ? (
          <p className="notice notice-danger" role="alert">
            {failure.message}
          </p>
        ) : null}
        <Form method="post" className="stack-form">
          {/* The text this edit started from: a save by someone else in between is refused, not overwritten. */}
          <input type="hidden" name="basedOn" value={section.updatedAt ?? ''} />
          <Field id="content" label="Tekst" error={fields.content}>
            <textarea name="content" rows={12} defaultValue={failure?.values.content ?? section.content} />
          </Field>
          <label className="checkbox-field">
            <input type="checkbox" name="complete" defaultChecked={failure ? failure.values.complete === 'on' : section.complete} /> Deze
            sectie is afgerond
          </label>
          <div className="form-actions">
            <Link to=".." relative="path" className="button button-secondary">
              Annuleren
            </Link>
            <button type="submit" className="button button-primary" disabled={busy}>
              Opslaan
            </button>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="versions-title">
        <h2 id="versions-title">Eerdere versies</h2>
        {versions.length === 0 ? (
          <p className="muted">Deze sectie is nog niet opgeslagen.</p>
        ) : (
          <ol className="intake-versions">
            {versions.map((version) => (
              <li key={version.id}>
                <p className="muted small">
                  {`${formatWhen(version.savedAt)}${version.savedBy ? ` door ${version.savedBy}` : ''}${version.completed ? ' · afgerond' : ''}`}
                </p>
                <p className="intake-section-text">{version.content || '(leeg)'}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
