import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { LoginThrottle, tooManyLoginsMessage } from './login-throttle';

const limits = { perAccount: 3, perAddress: 5, windowMinutes: 15 };

function refusal(run: () => void): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('login throttling', () => {
  it('locks an account after its failed attempts, from any address, until the window has passed', () => {
    const throttle = new LoginThrottle(limits);
    for (let index = 0; index < 3; index++) throttle.failed({ email: 'Zorg@Test.nl', address: `10.0.0.${index}` }, 1_000);
    const error = refusal(() => throttle.assertAllowed({ email: 'zorg@test.nl ', address: '10.0.0.9' }, 60_000));
    expect(error).toMatchObject({ code: 'rate_limited', message: 'Te veel inlogpogingen, probeer het over 15 minuten opnieuw.' });
    expect(error?.status).toBe(429);
    expect(refusal(() => throttle.assertAllowed({ email: 'ander@test.nl', address: '10.0.0.9' }, 60_000))).toBeUndefined();
    expect(refusal(() => throttle.assertAllowed({ email: 'zorg@test.nl', address: '10.0.0.9' }, 1_000 + 15 * 60_000 + 1))).toBeUndefined();
  });

  it('locks an address that tries many accounts', () => {
    const throttle = new LoginThrottle(limits);
    for (let index = 0; index < 5; index++) throttle.failed({ email: `zorg${index}@test.nl`, address: '192.0.2.7' });
    expect(refusal(() => throttle.assertAllowed({ email: 'nieuw@test.nl', address: '192.0.2.7' }))?.code).toBe('rate_limited');
    expect(refusal(() => throttle.assertAllowed({ email: 'nieuw@test.nl', address: '192.0.2.8' }))).toBeUndefined();
  });

  it('forgets an account’s failures after a good password, but not the address’s', () => {
    const throttle = new LoginThrottle(limits);
    const attempt = { email: 'zorg@test.nl', address: '192.0.2.1' };
    for (let index = 0; index < 2; index++) throttle.failed(attempt);
    throttle.succeeded(attempt);
    for (let index = 0; index < 2; index++) throttle.failed(attempt);
    expect(refusal(() => throttle.assertAllowed(attempt))).toBeUndefined();
    throttle.failed(attempt);
    expect(refusal(() => throttle.assertAllowed({ email: 'ander@test.nl', address: '192.0.2.1' }))?.code).toBe('rate_limited');
  });

  it('says the wait in whole minutes, in Dutch', () => {
    expect(tooManyLoginsMessage(1)).toBe('Te veel inlogpogingen, probeer het over 1 minuut opnieuw.');
    expect(tooManyLoginsMessage(61)).toBe('Te veel inlogpogingen, probeer het over 2 minuten opnieuw.');
  });
});
