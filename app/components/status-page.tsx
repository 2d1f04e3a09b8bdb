import { Logo } from './logo';

export function StatusPage({ code, title, text, retry }: { code: string; title: string; text: string; retry?: boolean }) {
  return (
    <main className="status-page">
      <div className="status-card">
        <Logo />
        <p className="status-code">{code}</p>
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <div className="status-actions">
          {retry ? (
            <a className="button button-primary" href="">
              Opnieuw proberen
            </a>
          ) : null}
          <a className={retry ? 'button button-secondary' : 'button button-primary'} href="/patients">
            Naar het overzicht
          </a>
        </div>
      </div>
    </main>
  );
}
