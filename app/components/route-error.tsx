import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

/** Error state inside the shell: the navigation stays, the message is Dutch, retry is one click. */
export function RouteError({ backTo = '/patients', backLabel = 'Naar de patiëntenlijst' }: { backTo?: string; backLabel?: string }) {
  const error = useRouteError();
  const known = isRouteErrorResponse(error) && error.status < 500;
  const message =
    known && typeof error.data?.message === 'string' ? error.data.message : 'Er ging iets mis op de server, probeer het opnieuw.';
  return (
    <section className="error-state" role="alert">
      <h2>
        {known && error.status === 404 ? 'Niet gevonden' : known && error.status === 403 ? 'Geen toegang' : 'Dit kon niet worden geladen'}
      </h2>
      <p className="muted">{message}</p>
      <div className="status-actions">
        {known ? null : (
          <a className="button button-primary" href="">
            Opnieuw proberen
          </a>
        )}
        <Link className="button button-secondary" to={backTo}>
          {backLabel}
        </Link>
      </div>
    </section>
  );
}
