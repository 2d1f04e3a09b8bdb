import { createContext, useContext } from 'react';

// The server renders the CSP nonce into Remix's inline scripts; the browser hides nonce values
// from the DOM, so in the browser this is empty and hydration ignores it.
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
