import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { clinicalRoles, homePath, isClinicalRole, loginSchema, roleLabel, roles, safeRedirect } from './auth.schemas';

describe('login input', () => {
  it('normalises the e-mail address', () => {
    expect(parseOrThrow(loginSchema, { email: '  Verpleegkundige@Demo.NL ', password: 'x' })).toEqual({
      email: 'verpleegkundige@demo.nl',
      password: 'x',
    });
  });

  it('names each bad field in Dutch', () => {
    try {
      parseOrThrow(loginSchema, { email: 'geen-adres', password: '' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).details).toEqual({
        fields: { email: 'Vul een geldig e-mailadres in.', password: 'Vul uw wachtwoord in.' },
      });
    }
  });
});

describe('redirect after login', () => {
  it.each([
    ['/agenda?dag=2026-11-22', '/agenda?dag=2026-11-22'],
    ['//evil.example', '/patients'],
    ['/\\evil.example', '/patients'],
    ['https://evil.example', '/patients'],
    [null, '/patients'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('roles', () => {
  it('has two clinical roles and the beheerder, who starts on the workflows page', () => {
    expect(clinicalRoles).toEqual(['verpleegkundige', 'psychiater']);
    expect(roles).toEqual(['verpleegkundige', 'psychiater', 'beheerder']);
    expect(roles.filter(isClinicalRole)).toEqual(clinicalRoles);
    expect(homePath('psychiater')).toBe('/patients');
    expect(homePath('beheerder')).toBe('/beheer/workflows');
  });

  it('labels roles in Dutch, and shows an unknown stored role as it is', () => {
    expect(roleLabel('beheerder')).toBe('Functioneel beheerder');
    expect(roleLabel('verpleegkundige')).toBe('Verpleegkundige');
    expect(roleLabel('stagiair')).toBe('stagiair');
  });
});
