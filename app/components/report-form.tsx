import { Form, useNavigation } from '@remix-run/react';
import { Label } from 'radix-ui';
import { useState } from 'react';
import { CharacterCounter } from './character-counter';
import { Field } from './field';
import {
  dailyNoteCategories,
  dailyNoteMaxLength,
  reportCategories,
  reportCategoryLabels,
  reportMaxLength,
  type ReportCategory,
} from '../../domain/report/report.schemas';

export interface ReportFormValues {
  type: string;
  category: string;
  content: string;
  includeInHandover: string;
  encounterId?: string;
}

/**
 * Daily note or nursing report; a plain form post, the counter is an extra for JavaScript. No
 * `maxLength`: a browser would cut a pasted text silently; the server says how much is too long.
 */
export function ReportForm({
  values,
  errors,
  encounterId,
}: {
  values?: ReportFormValues;
  errors?: Record<string, string>;
  encounterId?: string | null;
}) {
  const navigation = useNavigation();
  const [type, setType] = useState(values?.type || 'dagnotitie');
  const [content, setContent] = useState(values?.content ?? '');
  const daily = type === 'dagnotitie';
  const max = daily ? dailyNoteMaxLength : reportMaxLength;
  const categories: readonly ReportCategory[] = daily ? dailyNoteCategories : reportCategories;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'rapportage';

  return (
    <Form method="post" className="report-form" noValidate>
      <input type="hidden" name="intent" value="rapportage" />
      {encounterId || values?.encounterId ? (
        <>
          <input type="hidden" name="encounterId" value={values?.encounterId || encounterId || ''} />
          <p className="notice notice-info">Deze rapportage wordt gekoppeld aan de gekozen afspraak.</p>
        </>
      ) : null}
      <div className="report-form-row">
        <div className="field">
          <Label.Root htmlFor="type">Soort</Label.Root>
          <select id="type" name="type" defaultValue={type} onChange={(event) => setType(event.currentTarget.value)}>
            <option value="dagnotitie">Dagnotitie</option>
            <option value="verpleegkundig">Verpleegkundige rapportage</option>
          </select>
        </div>
        <Field id="category" label="Categorie" error={errors?.category}>
          <select name="category" defaultValue={values?.category || 'observatie'}>
            {categories.map((category) => (
              <option key={category} value={category}>
                {reportCategoryLabels[category]}
              </option>
            ))}
          </select>
        </Field>
        <label className="switch">
          <input type="checkbox" role="switch" name="includeInHandover" defaultChecked={values?.includeInHandover === 'on'} />
          <span className="switch-track" aria-hidden="true" />
          Meenemen in de overdracht
        </label>
      </div>
      <Field
        id="content"
        label="Rapportage"
        error={errors?.content}
        describedBy="content-counter"
        footer={<CharacterCounter id="content-counter" text={content} max={max} />}
      >
        <textarea
          name="content"
          rows={4}
          defaultValue={values?.content}
          onChange={(event) => setContent(event.currentTarget.value)}
          placeholder={daily ? 'Wat viel op deze dienst op? Kort en feitelijk.' : 'Verpleegkundige rapportage'}
        />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Bezig met opslaan…' : 'Rapportage opslaan'}
        </button>
      </div>
    </Form>
  );
}
