import { statusText } from './lib/status-texts';

/*
 * The error page of requests answered before Remix renders anything (a cross-site form post, a body
 * that is too large, an unreadable request) and of an error response that came without a body: a
 * whole Dutch page with a way back, never a blank one. Self-contained (inline styles, no script),
 * because it may be all the browser gets.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const style = `
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:2rem;box-sizing:border-box;background:#f4f6f8;color:#17212b;
font:15px/1.5 'Inter','Segoe UI',system-ui,-apple-system,'Helvetica Neue',Arial,sans-serif}
main{width:min(460px,100%);display:grid;gap:.75rem;padding:2.25rem;background:#fff;border:1px solid #e2e7ec;border-radius:14px;
box-shadow:0 1px 2px rgba(16,24,40,.05),0 1px 3px rgba(16,24,40,.06)}
.brand{font-weight:650;color:#1d5c63}.code{margin:1rem 0 0;font-size:.85rem;font-weight:650;color:#1d5c63;letter-spacing:.08em}
h1{margin:0;font-size:1.35rem}p{margin:0;color:#5a6775}.actions{display:flex;flex-wrap:wrap;gap:.6rem;margin-top:.5rem}
a{display:inline-block;padding:.55rem 1rem;border-radius:7px;border:1px solid #cdd5dd;color:#17212b;text-decoration:none;font-weight:550}
a.primary{background:#1d5c63;border-color:#1d5c63;color:#fff}a:focus-visible{outline:3px solid #3d8f97;outline-offset:2px}`;

/** A whole HTML page for `status`; `message` replaces the standard text when the refusal has its own reason. */
export function errorPageHtml(status: number, message?: string): string {
  const { title, text } = statusText(status);
  return `<!DOCTYPE html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} — GGZ-EPD</title><style>${style}</style></head>
<body><main><span class="brand">GGZ-EPD</span><p class="code">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message ?? text)}</p>
<div class="actions"><a class="primary" href="/patients">Naar het overzicht</a><a href="/login">Naar de inlogpagina</a></div></main></body></html>`;
}
