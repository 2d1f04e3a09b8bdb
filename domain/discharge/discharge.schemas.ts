import { clinicalToday, isCalendarDate } from '../shared/clinical-time';
import { z } from '../shared/validation';
import { dischargeMessages, dischargeNoteMaxLength, dischargeReasonCodes } from './discharge.vocabulary';

/**
 * A discharge as every door sends it: the reason (a choice, with words beside it; "anders" needs
 * the words) and the date, today when not given. A date after today is refused here; one before
 * the episode began is the service's to refuse, as only it knows the episode.
 */
export const dischargeSchema = z
  .object({
    reasonCode: z.enum(dischargeReasonCodes, { error: dischargeMessages.reason }),
    reason: z
      .string({ error: dischargeMessages.otherNeedsText })
      .trim()
      .max(dischargeNoteMaxLength, dischargeMessages.noteTooLong)
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
    dischargedOn: z
      .string({ error: dischargeMessages.date })
      .trim()
      .optional()
      .nullable()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || isCalendarDate(value), dischargeMessages.date)
      .refine((value) => value === undefined || !isCalendarDate(value) || value <= clinicalToday(), dischargeMessages.future),
  })
  .superRefine((value, context) => {
    if (value.reasonCode === 'anders' && !value.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: dischargeMessages.otherNeedsText });
  });

export type DischargeInput = z.output<typeof dischargeSchema>;
