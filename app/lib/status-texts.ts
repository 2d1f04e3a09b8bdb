/**
 * What an error page says for each HTTP status, in one place: the root error boundary (Remix) and
 * the server's own pages for requests refused before Remix (CSRF, too large, unreadable) use it.
 */
export interface StatusText {
  title: string;
  text: string;
  /** Trying the same thing again can help (a server error, a busy or unavailable service). */
  retry: boolean;
}

const statusTexts: Record<number, StatusText> = {
  400: { title: 'Ongeldige aanvraag', text: 'De aanvraag kon niet worden gelezen. Ga terug en probeer het opnieuw.', retry: false },
  401: { title: 'Sessie verlopen', text: 'Sessie verlopen, log opnieuw in.', retry: false },
  403: { title: 'Geen toegang', text: 'Je hebt geen toegang tot deze pagina of actie.', retry: false },
  404: { title: 'Pagina niet gevonden', text: 'De gevraagde pagina bestaat niet of is verplaatst.', retry: false },
  405: { title: 'Dit kan hier niet', text: 'Deze actie is op deze pagina niet mogelijk. Ga terug naar het overzicht.', retry: false },
  409: { title: 'Al gewijzigd', text: 'Iemand anders heeft dit intussen gewijzigd. Open de pagina opnieuw.', retry: true },
  413: { title: 'Te veel gegevens', text: 'De aanvraag is te groot. Maak de tekst korter en probeer het opnieuw.', retry: false },
  429: { title: 'Even wachten', text: 'Te veel verzoeken kort na elkaar. Probeer het over een minuut opnieuw.', retry: true },
  500: {
    title: 'Er ging iets mis op de server',
    text: 'Probeer het opnieuw. Blijft het misgaan, neem dan contact op met functioneel beheer.',
    retry: true,
  },
  503: { title: 'Tijdelijk niet beschikbaar', text: 'Deze functie is tijdelijk niet beschikbaar, probeer het later opnieuw.', retry: true },
  504: { title: 'Dit duurt te lang', text: 'Het verzoek duurde te lang, probeer het opnieuw.', retry: true },
};

/** The text for a status; an unlisted one falls back to its class (4xx: invalid request, 5xx: server error). */
export function statusText(status: number): StatusText {
  return statusTexts[status] ?? (status >= 500 ? statusTexts[500]! : statusTexts[400]!);
}
