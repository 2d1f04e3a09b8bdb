/** The vocabulary of allergies, as data: the service, the forms and the database check read these lists. */

export const allergySeverities = ['licht', 'matig', 'ernstig'] as const;

export type AllergySeverity = (typeof allergySeverities)[number];

/** An entry is an allergy or intolerance, or the statement that the patient has no known allergies. */
export const allergyKinds = ['allergie', 'geen-bekende'] as const;

export type AllergyKind = (typeof allergyKinds)[number];
