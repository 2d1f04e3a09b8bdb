/*
 * Why an appointment is cancelled: a vocabulary with no imports, so the page, the API, the
 * assistant's chain and its workflow (which validates a confirmation) share it.
 */

/** The choices the page and the assistant offer, beside a free text. */
export const cancelReasonCodes = ['afgezegd', 'verhinderd', 'dubbel', 'opname', 'anders'] as const;
export type CancelReasonCode = (typeof cancelReasonCodes)[number];
export const cancelReasonLabels: Record<CancelReasonCode, string> = {
  afgezegd: 'Patiënt heeft afgezegd',
  verhinderd: 'Behandelaar verhinderd',
  dubbel: 'Dubbel gepland',
  opname: 'Opname, overplaatsing of ontslag',
  anders: 'Anders',
};

export const cancelReasonMessages = {
  missing: 'Geef een reden voor het annuleren: kies er een of beschrijf hem.',
  otherNeedsText: 'Beschrijf de reden bij ‘Anders’.',
} as const;

/** The reason as it is kept with the appointment: "Dubbel gepland: stond ook bij de psychiater", or only one of the two. */
export function cancelReasonText(code: CancelReasonCode | undefined, text: string | undefined): string {
  const label = code && code !== 'anders' ? cancelReasonLabels[code] : '';
  return [label, text?.trim() ?? ''].filter(Boolean).join(': ');
}

/** What a cancellation still lacks, in Dutch, or null when its reason is complete. */
export function cancelReasonProblem(code: string | undefined, text: string | undefined): string | null {
  const written = text?.trim();
  if (code === 'anders' && !written) return cancelReasonMessages.otherNeedsText;
  if (!code && !written) return cancelReasonMessages.missing;
  return null;
}

/** How long a cancellation can be undone: long enough to notice a slip, short enough that nobody has acted on it yet. */
export const cancelUndoMinutes = 15;

/**
 * Until when a cancellation can be undone, or null when it cannot be (any more, or ever: one from
 * before the cancellation kept its former status, or of an appointment that was not open).
 */
export function cancellationUndoableUntil(
  appointment: { status: string; cancelledAt?: Date | string | null; statusBeforeCancel?: string | null },
  now = new Date(),
): Date | null {
  if (appointment.status !== 'geannuleerd' || !appointment.cancelledAt || !appointment.statusBeforeCancel) return null;
  const until = new Date(new Date(appointment.cancelledAt).getTime() + cancelUndoMinutes * 60_000);
  return until > now ? until : null;
}
