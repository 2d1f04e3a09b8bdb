/// <reference types="@remix-run/dev" />

import '@remix-run/node';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's address as the server sees it, for the access log (NEN 7513). */
    clientAddress?: string | null;
    /** The CSP nonce of this response (server.ts); Remix's inline scripts carry it. */
    cspNonce?: string;
  }
}
