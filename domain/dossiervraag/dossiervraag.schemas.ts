import { z } from '../shared/validation';

/** The longest question the record's box and the API take. */
export const questionMaxLength = 300;

/** A free question about one patient's record: `{vraag}`, from the record's box or the API. */
export const dossiervraagSchema = z.object({
  vraag: z
    .string({ error: 'Stel een vraag over het dossier.' })
    .trim()
    .min(3, 'Stel een vraag van minstens 3 tekens.')
    .max(questionMaxLength, `Een vraag is hoogstens ${questionMaxLength} tekens.`),
});
export type DossiervraagInput = z.infer<typeof dossiervraagSchema>;
