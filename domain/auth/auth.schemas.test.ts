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
        fields: { email: 'Vul een geldig e-mailadres in.', password: 'Vul je wachtwoord in.' },
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
    ['/\t/evil.example', '/patients'],
    ['/\n/evil.example', '/patients'],
    ['/%09/evil.example', '/patients'],
    ['/%2F/evil.example', '/patients'],
    ['/%2f%2fevil.example', '/patients'],
    ['%2F%2Fevil.example', '/patients'],
    ['/%5Cevil.example', '/patients'],
    ['/%255Cevil.example', '/patients'],
    ['/patients\r\nSet-Cookie: x=1', '/patients'],
    ['/patients%0d%0aSet-Cookie:%20x=1', '/patients'],
    ['/\u0000evil', '/patients'],
    ['/%E0%A4%A', '/patients'],
    // Dot segments the browser resolves after the check (issue 39): "/.//x" is "//x", another host.
    ['/.//evil.example', '/patients'],
    ['/a/..//evil.example', '/patients'],
    ['/%2e//evil.example', '/patients'],
    ['/%2E%2E//evil.example', '/patients'],
    ['/./%2F/evil.example', '/patients'],
    ['/agenda/../patients?tab=x', '/patients?tab=x'],
    ['/a/./b', '/a/b'],
    ['javascript:alert(1)', '/patients'],
    ['/' + 'a'.repeat(3000), '/patients'],
    ['/patients/123?tab=rapportages#top', '/patients/123?tab=rapportages#top'],
    ['/zoek?q=de%20Vries', '/zoek?q=de%20Vries'],
    [null, '/patients'],
  ])('%j → %s', (target, expected) => {
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
