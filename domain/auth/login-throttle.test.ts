import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { memoryWindows } from '../shared/rate-limit';
import { LoginThrottle, tooManyLoginsMessage } from './login-throttle';

const limits = { perAccount: 3, perAddress: 5, windowMinutes: 15 };

async function refusal(run: () => Promise<void>): Promise<AppError | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('login throttling', () => {
  it('locks an account after its failed attempts, from any address, until the window has passed', async () => {
    const throttle = new LoginThrottle(limits, memoryWindows());
    for (let index = 0; index < 3; index++) await throttle.failed({ email: 'Zorg@Test.nl', address: `10.0.0.${index}` }, 1_000);
    const error = await refusal(() => throttle.assertAllowed({ email: 'zorg@test.nl ', address: '10.0.0.9' }, 60_000));
    expect(error).toMatchObject({ code: 'rate_limited', message: 'Te veel inlogpogingen, probeer het over 15 minuten opnieuw.' });
    expect(error?.status).toBe(429);
    expect(await refusal(() => throttle.assertAllowed({ email: 'ander@test.nl', address: '10.0.0.9' }, 60_000))).toBeUndefined();
    expect(
      await refusal(() => throttle.assertAllowed({ email: 'zorg@test.nl', address: '10.0.0.9' }, 1_000 + 15 * 60_000 + 1)),
    ).toBeUndefined();
  });

  it('locks an address that tries many accounts', async () => {
    const throttle = new LoginThrottle(limits, memoryWindows());
    for (let index = 0; index < 5; index++) await throttle.failed({ email: `zorg${index}@test.nl`, address: '192.0.2.7' });
    expect((await refusal(() => throttle.assertAllowed({ email: 'nieuw@test.nl', address: '192.0.2.7' })))?.code).toBe('rate_limited');
    expect(await refusal(() => throttle.assertAllowed({ email: 'nieuw@test.nl', address: '192.0.2.8' }))).toBeUndefined();
  });

  it('forgets an account’s failures after a good password, but not the address’s', async () => {
    const throttle = new LoginThrottle(limits, memoryWindows());
    const attempt = { email: 'zorg@test.nl', address: '192.0.2.1' };
    for (let index = 0; index < 2; index++) await throttle.failed(attempt);
    await throttle.succeeded(attempt);
    for (let index = 0; index < 2; index++) await throttle.failed(attempt);
    expect(await refusal(() => throttle.assertAllowed(attempt))).toBeUndefined();
    await throttle.failed(attempt);
    expect((await refusal(() => throttle.assertAllowed({ email: 'ander@test.nl', address: '192.0.2.1' })))?.code).toBe('rate_limited');
  });

  it('says the wait in whole minutes, in Dutch', () => {
    expect(tooManyLoginsMessage(1)).toBe('Te veel inlogpogingen, probeer het over 1 minuut opnieuw.');
    expect(tooManyLoginsMessage(61)).toBe('Te veel inlogpogingen, probeer het over 2 minuten opnieuw.');
  });
});
