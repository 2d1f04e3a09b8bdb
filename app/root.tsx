import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
import styles from './styles/app.css';
import { StatusPage } from './components/status-page';
import { useNonce } from './components/nonce';
import { statusText } from './lib/status-texts';

export const links: LinksFunction = () => [
  { rel: 'preload', href: interFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'GGZ-EPD' }, { name: 'robots', content: 'noindex, nofollow' }];

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* As raw HTML: React escapes the quotes of a text child differently on server and client. */}
        <style
          dangerouslySetInnerHTML={{
            __html: `@font-face{font-family:'Inter';font-style:normal;font-display:swap;font-weight:100 900;src:url(${interFont}) format('woff2-variations');}`,
          }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text, retry } = statusText(status);
  // A refusal the server explained in Dutch (403, 404, 413 …) says why; a server error says no more.
  const message = isRouteErrorResponse(error) && status < 500 && typeof error.data?.message === 'string' ? error.data.message : text;
  return (
    <Document>
      <StatusPage code={String(status)} title={title} text={message} retry={retry} />
    </Document>
  );
}
