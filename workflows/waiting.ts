/**
 * The memo key a workflow sets while it waits for a clinician (a chain's confirmation, a letter's
 * review): the time it began waiting, as an ISO string, cleared when the wait ends. The beheer page
 * reads it to show the run as waiting rather than as a run that is stuck (ADR 0073).
 */
export const waitingSinceMemo = 'waitingSince';
