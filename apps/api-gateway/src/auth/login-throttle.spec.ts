import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const keys = ['ip:1.2.3.4', 'email:a@example.com'];

  it('refuses a key after max failures within the window, until the oldest failure leaves it', () => {
    const throttle = new LoginThrottle(3, 60_000);
    const t0 = 1_000_000;
    throttle.fail(keys, t0);
    throttle.fail(keys, t0 + 1000);
    expect(throttle.retryAfter(keys, t0 + 2000)).toBe(0);
    throttle.fail(keys, t0 + 2000);
    expect(throttle.retryAfter(keys, t0 + 3000)).toBe(57);
    expect(throttle.retryAfter(['email:a@example.com'], t0 + 3000)).toBe(57);
    expect(throttle.retryAfter(['ip:9.9.9.9', 'email:b@example.com'], t0 + 3000)).toBe(0);
    expect(throttle.retryAfter(keys, t0 + 60_001)).toBe(0);
  });

  it('a success clears the e-mail, not the address (spraying many accounts from one address stays throttled)', () => {
    const throttle = new LoginThrottle(2, 60_000);
    throttle.fail(['ip:1.1.1.1', 'email:x@example.com'], 0);
    throttle.fail(['ip:1.1.1.1', 'email:y@example.com'], 10);
    throttle.succeed('email:x@example.com');
    expect(throttle.retryAfter(['email:x@example.com'], 20)).toBe(0);
    expect(throttle.retryAfter(['ip:1.1.1.1', 'email:z@example.com'], 20)).toBe(60);
  });
});
