/**
 * A clinician's own appointment: they made it or they hold it. Only their own can they move,
 * cancel or mark as a no-show, from the page, the API, the assistant or a chain alike.
 */
export function ownsAppointment(
  actor: { userId: string },
  appointment: { ownerId?: string | null; practitionerId?: string | null; koppelingId?: string | null },
): boolean {
  // A koppeling's appointment (ADR 0098) is the koppeling's: its id is where a person's would be.
  return (appointment.ownerId ?? appointment.koppelingId) === actor.userId || appointment.practitionerId === actor.userId;
}
