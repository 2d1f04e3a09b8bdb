import { Form } from '@remix-run/react';
import { contactRelations, type ContactPersonView } from '../../domain/patient/contact-persons.schemas';
import type { FormFailure } from '../form.server';
import { Field } from './field';

/** What the action answers when a contact-person form was not valid: the form it came from, with Dutch field messages. */
export interface ContactFailure extends FormFailure<Record<'name' | 'relation' | 'phone' | 'email', string>> {
  /** `nieuw` for the add form, otherwise the contact person's id. */
  form: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ContactFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: Partial<ContactFailure['values']>;
  errors?: Record<string, string>;
}) {
  const field = (
    name: 'name' | 'relation' | 'phone' | 'email',
    label: string,
    control: (props: { name: string; defaultValue: string }) => JSX.Element,
  ) => {
    const id = `${prefix}-${name}`;
    return (
      <Field id={id} label={label} error={errors?.[name]}>
        {control({ name, defaultValue: values[name] ?? '' })}
      </Field>
    );
  };
  return (
    <div className="grid grid-2">
      {field('name', 'Naam', (props) => (
        <input type="text" autoComplete="off" maxLength={120} {...props} />
      ))}
      {field('relation', 'Relatie', (props) => (
        <select {...props}>
          <option value="">Kies de relatie</option>
          {contactRelations.map((relation) => (
            <option key={relation} value={relation}>
              {capitalised(relation)}
            </option>
          ))}
        </select>
      ))}
      {field('phone', 'Telefoon', (props) => (
        <input type="tel" autoComplete="off" {...props} />
      ))}
      {field('email', 'E-mailadres', (props) => (
        <input type="email" autoComplete="off" {...props} />
      ))}
    </div>
  );
}

/**
 * The patient's contact persons: listed, added, changed and removed with plain POST forms, so the
 * card works without JavaScript; a refused form opens again with the values and Dutch messages.
 */
export function ContactPersonsCard({ contacts, failure }: { contacts: ContactPersonView[]; failure?: ContactFailure }) {
  const failed = (form: string) => (failure?.form === form ? failure : undefined);
  return (
    <section className="card card-wide" id="contactpersonen" aria-labelledby="contactpersonen-titel">
      <h2 id="contactpersonen-titel">Contactpersonen</h2>
      {contacts.length === 0 ? <p className="muted">Nog geen contactpersonen vastgelegd.</p> : null}
      <ul className="contact-list">
        {contacts.map((contact) => {
          const error = failed(contact.id);
          return (
            <li key={contact.id} className="contact-item">
              <div className="contact-summary">
                <strong>{contact.name}</strong> <span className="badge">{capitalised(contact.relation)}</span>
                <div className="muted small">{[contact.phone, contact.email].filter(Boolean).join(' · ') || 'Geen telefoon of e-mail'}</div>
              </div>
              <details open={Boolean(error)}>
                <summary>Wijzigen</summary>
                <Form method="post" className="contact-form" noValidate aria-label={`Contactpersoon ${contact.name} wijzigen`}>
                  <input type="hidden" name="intent" value="contact-wijzigen" />
                  <input type="hidden" name="contactId" value={contact.id} />
                  {error ? (
                    <div className="notice notice-danger" role="alert">
                      {error.message}
                    </div>
                  ) : null}
                  <ContactFields
                    prefix={`contact-${contact.id}`}
                    values={error?.values ?? { ...contact, phone: contact.phone ?? '', email: contact.email ?? '' }}
                    errors={error?.fields}
                  />
                  <div className="form-actions">
                    <button type="submit" className="button button-primary button-small">
                      Opslaan
                    </button>
                  </div>
                </Form>
                <Form method="post" className="form-actions" aria-label={`Contactpersoon ${contact.name} verwijderen`}>
                  <input type="hidden" name="intent" value="contact-verwijderen" />
                  <input type="hidden" name="contactId" value={contact.id} />
                  <button type="submit" className="button button-secondary button-small">
                    {`${contact.name} verwijderen`}
                  </button>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
      <details className="contact-add" open={Boolean(failed('nieuw'))}>
        <summary>Contactpersoon toevoegen</summary>
        <Form method="post" className="contact-form" noValidate aria-label="Contactpersoon toevoegen">
          <input type="hidden" name="intent" value="contact-toevoegen" />
          {failed('nieuw') ? (
            <div className="notice notice-danger" role="alert">
              {failure?.message}
            </div>
          ) : null}
          <ContactFields prefix="contact-nieuw" values={failed('nieuw')?.values ?? {}} errors={failed('nieuw')?.fields} />
          <div className="form-actions">
            <button type="submit" className="button button-primary button-small">
              Toevoegen
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}
