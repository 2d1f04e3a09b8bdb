import { classifyContextSchema } from '../intent/intent.schemas';
import { z } from '../shared/validation';

/** The model sees at most this many earlier messages (CONTRACT §7). */
export const historyLimit = 20;

const chatMessage = z.object({
  role: z.enum(['user', 'assistant'], { error: 'Een bericht is van de gebruiker of de assistent.' }),
  content: z.string({ error: 'Een bericht heeft tekst.' }).max(4000, 'Een eerder bericht is te lang.'),
});

export const chatRequestSchema = z.object({
  message: z.string({ error: 'Typ een bericht.' }).trim().min(1, 'Typ een bericht.').max(2000, 'Houd het bericht korter dan 2000 tekens.'),
  messages: z
    .array(chatMessage, { error: 'Geef de eerdere berichten als lijst.' })
    .max(500, 'Te veel eerdere berichten.')
    .default([])
    .transform((messages) => messages.slice(-historyLimit)),
  context: classifyContextSchema.optional(),
});
export type ChatRequest = z.output<typeof chatRequestSchema>;

export type ChatEvent = { type: 'content'; text: string } | { type: 'done' } | { type: 'error'; error: string };
