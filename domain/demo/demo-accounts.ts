import type { Role } from '../auth/auth.entities';

/** Demo accounts exist only where demo data was seeded; the one-click login uses these. */
export const demoPassword = 'demo';

export const demoAccounts: Record<Role, { email: string; displayName: string }> = {
  verpleegkundige: { email: 'verpleegkundige@demo.nl', displayName: 'Sanne de Boer' },
  psychiater: { email: 'psychiater@demo.nl', displayName: 'Dr. Ahmed el Amrani' },
  beheerder: { email: 'beheer@demo.nl', displayName: 'Ruud Verhoeven' },
};

export const demoOrganisation = { id: '6f1c2b0e-5d1a-4c4b-9a53-2f3e8d7c1a01', name: 'GGZ Demo — Kliniek De Linde' };
