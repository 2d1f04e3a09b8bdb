import { addContact, listContacts, removeContact, updateContact } from '../../../domain/patient/contact-persons.use-cases';
import { recordOverview } from '../../../domain/patient/record-overview.use-cases';
import { request } from '../../support/http';
import { newPatient } from './arrange';
import { doorCase, statusOf } from './doors';

const form = (cookie: string, patientId: string, fields: Record<string, string>) =>
  statusOf(request(`/patients/${patientId}?index`, { method: 'POST', cookie, body: new URLSearchParams(fields) }));

const contact = { name: 'Harm Dekker', relation: 'partner', phone: '', email: '' };

/** A patient with one contact person, added on the record page. */
const withContact = async (cookie: string) => {
  const patientId = await newPatient(cookie);
  await form(cookie, patientId, { intent: 'contact-toevoegen', ...contact });
  const page = await request(`/patients/${patientId}?_data=routes/_app.patients.$id._index`, { cookie });
  const { contacts } = (await page.json()) as { contacts: { id: string }[] };
  return { patientId, contactId: contacts[0]!.id };
};

const fresh = async ({ cookie }: { cookie: string }) => ({ patientId: await newPatient(cookie) });
const overview = ({ cookie }: { cookie: string }, { patientId }: { patientId: string }) =>
  statusOf(request(`/patients/${patientId}?_data=routes/_app.patients.$id._index`, { cookie }));

export const cases = [
  doorCase({ useCase: recordOverview, arrange: fresh, doors: { page: overview } }),
  doorCase({ useCase: listContacts, arrange: fresh, doors: { page: overview } }),
  doorCase({
    useCase: addContact,
    arrange: fresh,
    doors: { page: ({ cookie }, { patientId }) => form(cookie, patientId, { intent: 'contact-toevoegen', ...contact }) },
  }),
  doorCase({
    useCase: updateContact,
    arrange: ({ cookie }) => withContact(cookie),
    doors: {
      page: ({ cookie }, { patientId, contactId }) =>
        form(cookie, patientId, { intent: 'contact-wijzigen', contactId, ...contact, phone: '0612345678' }),
    },
  }),
  doorCase({
    useCase: removeContact,
    arrange: ({ cookie }) => withContact(cookie),
    doors: {
      page: ({ cookie }, { patientId, contactId }) => form(cookie, patientId, { intent: 'contact-verwijderen', contactId }),
    },
  }),
];
