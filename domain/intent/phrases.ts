/**
 * The phrases of the local intent tier: what a sentence says in more than one word. The engine
 * (`reflex/`) decides what they mean; the words and phrases are kept here, apart from it.
 * Matched against the normalised text (lower case, no diacritics).
 */
export const phrases = {
  /** Discharge as a command: "ontsla Jan", "ontslag voor X", "gaat met ontslag", "ontslag regelen" (ADR 0080). */
  discharge: /\b(ontsla|ontslaan|ontslag)\b/,
  /**
   * …unless the patient's wish or a plan is talked about: "wil met ontslag", "piekert over ontslag",
   * "ontslag voorbereiden", "het ontslag in gang zetten" (the letter and the planning are not the act).
   */
  dischargeWish:
    /\b(wil|wilt|willen|wens\w*|vraagt|vroeg|denkt|dacht|overweeg\w*|praat\w*|spreekt|gesprek|over|piekert|zorgen)\b.*\bontslag\b|\bontslag\b.*\b(voorbereid\w*|plannen|inplannen|bespreken|doorspreken|in gang)\b|\bin gang\b/,
  /** Sleeping badly is an observation, whatever other cue the note has. */
  poorSleep: /\bslaapt? slecht|\bniet (ge)?slapen|\bslecht geslapen|\bweinig geslapen/,
  /** Walking off or raging is behaviour… */
  walkedOff: /\b(liep|loopt) .*\bweg\b|\bweggelopen|\bging .* tekeer/,
  /** …unless someone was hit or kicked (an incident). */
  violence: /\bgeslagen|\bgeschopt/,
  /** "toon de notities": reading notes, not writing one. */
  notesPlural: /\bnotities\b/,
  /** "wat moet de avonddienst weten over X": a handover question. */
  handoverQuestion:
    /\bwat (moet|moeten|wil|zou|zouden|dient) (ik|we|jij|jullie|de \w+|het team|de collega'?s)( \w+)? (weten|horen|meegeven|doorgeven)\b|\b(iets|wat) (bijzonders|belangrijks)\b|\bweten over\b|\bdoorgeven aan\b|\bmeegeven aan\b/,
  /** What to watch for: "waar moet ik op letten bij X vanavond" (the handover says it). */
  watchFor: /\bwaar (moet|moeten|moet je) (ik|we|je|jij|jullie)? ?(op )?(letten|opletten|rekening mee houden)\b/,
  /** How a shift went: "hoe was de nacht", "(ff kijken) hoe zn nacht was", "hoe ging het met X vannacht". */
  handoverPhrase:
    /\b(nacht|dag|dienst|avond) (doorgekomen|doorgebracht)\b|\bbijzonderheden\b|\bhoe (was|is) (de|zijn|zn|z'n|haar|d'r) (nacht|dag|avond|dienst)\b|\bhoe (de|zijn|zn|z'n|haar|d'r) (nacht|avond|dienst) (was|is|ging|verliep)\b|\bwat (speelde|speelt) er\b|\bwat (is|valt) er (\S+ ){0,4}te melden\b|\bwat is er (vannacht |vandaag )?gebeurd\b|\b(is|was) er (iets|wat) (bijzonders )?gebeurd\b|\bhoe is het (gegaan|verlopen)\b|\bhoe (ging|gaat|was|is) het\b.*\b(vannacht|vandaag|vanavond|vanochtend|vanmiddag|afgelopen (nacht|dienst|dag|avond))\b/,
  /** What a patient is treated for: a question about the diagnosis without the word. */
  treatedFor: /\b(waar|waarvoor)\b.*\bbehandeld\b|\bbehandeld (voor|wegens)\b/,
  /** Going to (a part of) the intake form. */
  intakeNavigation:
    /\b(ga|naar|navigeer|invullen|sectie|tabblad|verder|open|openen|vul|spring|onderdeel|hoofdstuk|stap|bewerk|aanvullen|afmaken|toevoegen)\b/,
  /** A step through the intake form: "volgende kopje", "vlg blok", "het kopje gezinssituatie". */
  intakeStep: /\b(volgend|volgende|vorig|vorige|vlg|kopje|blok|sectie|onderdeel|tabblad|hoofdstuk)\b/,
  /** Asking how far the intake is. */
  intakeProgress: /\b(status|stand|compleet|volledig|klaar|af|afgerond|voortgang|ingevuld|ontbreekt|mist|hoe ver|hoe staat|nog open)\b/,
  /** Cancelling without the verb "annuleer". */
  cancelPhrase:
    /\btrek\b.*\bin\b|\bintrekken\b|\bzeg\b.*\baf\b|\b(gaat|geit|geet|gaot|giet) (niet|neet|nie|nit) door\b|\bniet door(gaan)?\b|\bkan niet doorgaan\b|\bvervalt\b|\bkomt te vervallen\b|\bschrap\w*\b|\bafzeggen\b|\bafgezegd\b/,
  /** "de afspraak van vrijdag mag weg", "afspraak 8830 kan vervallen", regional "kin vot": cancelling in other words. */
  mayGo: /\b(mag|maag|mat|kan|kin|ken|kaan|moet|mot|mut) (\w+ ){0,2}(weg|eweg|vervallen|vot|vort|eruit)\b/,
  /** "de intake met X moet naar volgende week", regional "moot nao", "mut noar": moving in other words. */
  goesTo:
    /\b(moet|moot|mout|mut|mag|kan|gaat) (\w+ ){0,3}(naar|nao|noar) (eh |uh |ehm )?(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|morgen|overmorgen|volgende|na|later|een|het|de|\d)/,
  /** "verwijder de afspraak". */
  removeVerb: /\bverwijder\b|\b(gooi|gooien)\b.*\b(eruit|weg)\b|\beruit (gooien|halen)\b|\bhaal\b.*\beruit\b|\b(laat|laten)\b.*\bvallen\b/,
  /** "is verzet": a report that it moved, not a request to move it. */
  movedPassive: /\b(is|zijn|werd|wordt) (verzet|verplaatst)\b/,
  /** Moving without the verb: "naar voren halen", "een dag later", "op dinsdag in plaats van maandag". */
  moveIdiom:
    /\bnaar (voren|achteren)\b|\b(dag|dagje|dagen|uur|uurtje|uren|week|weekje|weken|kwartier|half uur) (later|eerder|opschuiven|uitstellen)\b|\b(later|eerder) (zetten|zet|plannen|inplannen)\b|\bop een ander(e)? (moment|tijd|dag|datum)\b|\b(in plaats van|ipv) (maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|vandaag|morgen|overmorgen|\d{1,2}(:\d{2})?( uur)?)\b/,
  /**
   * Moving said as the new moment: "van morgen op overmorgen", "de afspraak wordt donderdag",
   * "maak er woensdag van".
   */
  newMoment:
    /\bvan (maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|morgen|vandaag|overmorgen|\d\S*) (\w+ )?op (maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|morgen|overmorgen|\d)|\bwordt (\w+ )?(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|morgen|overmorgen|volgende week)\b|\bmaak (er|d'r|der) (\w+ ){0,2}(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|moandag|maondag|morgen|overmorgen|volgende week|\d\S*)( \S+){0,2} van\b/,
  /** Changing an appointment. */
  changeWord: /\b(wijzig\w*|verander\w*|later|eerder)\b/,
  /** "zet de afspraak om naar…". */
  setTo: /\bzet\b.*\b(om (naar|op)|naar)\b/,
  /** "… naar vrijdag": a target moment. */
  toMoment:
    /\bnaar\b.*\b(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|morgen|overmorgen|volgende week|\d)|\bnaar (ma|di|wo|do|vr|za)\b/,
  /** Making an appointment. */
  makeVerb: /\b(maak|maken|zet|regel|prik|nieuwe|in)\b/,
  /** A new one… */
  newWord: /\b(nieuwe|nieuw|nwe)\b/,
  /** …set up. */
  planVerb: /\b(zet|plan|maak|regel)\b/,
  /** A question word that asks for content. */
  askWord: /\b(wat|wie|wanneer|welke|hoeveel)\b/,
  /** "staat er nog iets gepland". */
  plannedPhrase: /\b(iets|wat|nog) (gepland|ingepland)\b/,
  /** "wanneer zie ik X". */
  seeVerb: /\b(zie|spreek)\b/,
  /** "wie is X". */
  whoIs: /\bwie is\b/,
  /** The word patient. */
  patientWord: /\bpatient/,
  /** Walking off: an observation without a cue word. */
  walkingOff: /\b(loopt|liep) .*\bweg\b/,
} as const satisfies Record<string, RegExp>;
