import { describe } from 'vitest';
import { itStaysAtOrBelowItsFloor, type Floor } from '../../tests/support/pseudonymisation-floors';

/*
 * Development sets of issue 42 (dev-k: 160 texts in a third hand, read freely since round fourteen) that whoever mends the rules may read and run (the held-out sets are in
 * pseudonymise.holdout.test.ts). Each is held to its measured figures, so a change may improve them, never make them worse.
 *
 * Set y (session twelve, `dev-y.README.md`): 240 texts written blind from the list of kinds, weighted to the names
 * that leak most (nicknames, names in no list, a given name alone, a surname with no cue, names that are Dutch words) and
 * 35 clean texts full of name-like words. Measured on main before round eight of ADR 0107 (a4165c6).
 */
const FLOOR_Y: Floor = {
  // Round eight (nicknames of known people): leaking 20 → 10, damaged 6 → 4, clean changed 4 → 2, patient wrong 17 → 4.
  // Round nine (what someone is called by, known name-words opening a sentence): leaking 10 → 6, patient wrong 4 → 3.
  // Round ten: the tagger retrained with the intent model's new ward sentences reads "de Lieve Vrouw" as a person: damaged 4 → 5.
  leakingTexts: 6,
  damagedTexts: 5,
  cleanChanged: 3,
  patientWrong: 3,
  otherAsPatient: 1,
  leakingByKind: { nickname: 2, 'unlisted-name': 0, 'given-name-alone': 0, 'surname-no-cue': 1, 'name-word': 0, 'no-pii': 0, mixed: 3 },
  caughtAtLeast: { naam: 358, nummer: 22, postcode: 6, telefoon: 16, email: 4 },
};

/*
 * Round fourteen: g's and h's failing texts were read to find what generalises (spoken figures,
 * dictated mail and web addresses, postcodes after an address), beside dev set k (160 texts in a
 * third hand, written blind, read freely). From here g, h and k are development sets; j is held out.
 * g: leaking 66 → 54, damaged 17 → 15; h: 60 → 46, damaged 7; k: 23 → 16, damaged 16 → 7.
 */
const FLOOR_K: Floor = {
  // 6 → 5 with names written backwards (ADR 0107); 3 → 1 in round nine (a generation after a name, a name written again).
  leakingTexts: 1,
  damagedTexts: 4,
  cleanChanged: 4,
  patientWrong: 1,
  otherAsPatient: 0,
  leakingByKind: { 'no-pii': 0, 'given-name-alone': 0, 'surname-no-cue': 0, 'phone-number': 0, email: 0, url: 0, iban: 0, relations: 0 },
  caughtAtLeast: { naam: 166, nummer: 31, telefoon: 10, email: 8, url: 5, postcode: 6, iban: 4 },
};

/*
 * Set s (round 13 of ADR 0107, `train-s.README.md`): 407 texts written blind from the list of kinds, weighted to the
 * kinds that leak most on held-out r (initials, role words, surnames with no cue, lists, nicknames, birth dates in words,
 * long identifiers, postcodes). A development set; not in the tagger's training (the lead decides).
 * Measured on main (74ab1e0) before the round: leaking 63, damaged 9, clean changed 1; after the round 36.
 */
const FLOOR_S: Floor = {
  leakingTexts: 36,
  damagedTexts: 9,
  cleanChanged: 1,
  patientWrong: 21,
  otherAsPatient: 9,
  leakingByKind: {
    'initials-name': 0,
    'role-name': 2,
    'surname-no-cue': 11,
    'name-in-list': 5,
    nickname: 11,
    'birthdate-words': 2,
    'long-identifier': 0,
    postcode: 2,
    'no-pii': 0,
  },
  caughtAtLeast: { naam: 718, nummer: 92, postcode: 32, telefoon: 18 },
};

describe.each([
  ['dev-k', 160, FLOOR_K],
  ['dev-y', 240, FLOOR_Y],
  ['train-s', 407, FLOOR_S],
] as const)('set %s', (set, size, floor) => {
  itStaysAtOrBelowItsFloor(set, size, floor);
});
