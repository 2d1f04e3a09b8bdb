/**
 * A clinician's own appointment: they made it or they hold it. Only their own can they move,
 * cancel or mark as a no-show, from the page, the API, the assistant or a chain alike.
 */
export function ownsAppointment(actor: { userId: string }, appointment: { ownerId: string; practitionerId?: string | null }): boolean {
  return appointment.ownerId === actor.userId || appointment.practitionerId === actor.userId;
}
