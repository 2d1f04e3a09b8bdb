import { Organisation, Session, User } from '../auth/auth.entities';

/** Every entity of the product, listed explicitly (no folder discovery, so bundlers see them). */
export const entities = [Organisation, User, Session];
