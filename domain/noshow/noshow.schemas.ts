import { z } from '../shared/validation';

export const followUpMax = 500;

/** `POST /api/noshow/{appointmentId}/rescript`: the follow-up is optional, the standard sentence otherwise. */
export const rescriptSchema = z.object({
  followUp: z
    .string({ error: 'Beschrijf het vervolg als tekst.' })
    .trim()
    .max(followUpMax, `Het vervolg mag maximaal ${followUpMax} tekens lang zijn.`)
    .optional()
    .transform((value) => value || undefined),
});
export type Rescript = z.output<typeof rescriptSchema>;

/** `GET /api/noshow/find`: the chat sentence as typed, or its parts. */
export const findNoShowSchema = z
  .object({
    q: z.string().trim().max(300, 'De zin is te lang.').optional(),
    patientName: z.string().trim().min(2, 'Noem de naam van de patiënt.').max(120, 'De naam is te lang.').optional(),
    time: z.string().trim().max(20, 'De tijd is te lang.').optional(),
    date: z.string().trim().toLowerCase().max(40, 'Het datumlabel is te lang.').optional(),
  })
  .refine((value) => value.q || value.patientName, {
    path: ['patientName'],
    message: 'Noem de patiënt, bijvoorbeeld: Jan de Vries is niet verschenen op zijn afspraak van 10:00.',
  });
export type FindNoShow = z.output<typeof findNoShowSchema>;
