// The koppelingen page's server side: the registration and revocation use cases and the list, kept
// out of the browser bundle (they reach the ORM).
export { listKoppelingen } from '../domain/koppeling/koppeling.service';
export { registerClient, revokeClient } from '../domain/koppeling/koppeling.use-cases';
