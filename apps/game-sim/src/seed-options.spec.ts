import { readSeedOptions, SeedError } from './seed-options';

const base = { API_URL: 'http://api-gateway:3000', SIM_CONTROL_URL: 'http://fleet:17999' };

function failure(env: NodeJS.ProcessEnv): SeedError {
  try {
    readSeedOptions(env);
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('expected a SeedError');
}

describe('readSeedOptions', () => {
  it('applies the documented defaults', () => {
    expect(readSeedOptions(base)).toEqual({
      apiUrl: 'http://api-gateway:3000',
      controlUrl: 'http://fleet:17999',
      publicUrl: 'http://api-gateway:3000',
      email: 'demo@example.com',
      password: 'ficsit-demo-password',
      timeoutMs: 300_000,
      retryMs: 2000,
    });
  });

  it('reads every variable; trims trailing slashes and a /servers suffix; lower-cases the e-mail', () => {
    const options = readSeedOptions({
      API_URL: 'https://monitor.example.com/',
      SIM_CONTROL_URL: 'http://127.0.0.1:17999/servers',
      PUBLIC_URL: 'http://127.0.0.1:8080/',
      DEMO_EMAIL: 'Pioneer@Example.com',
      DEMO_PASSWORD: 'a-longer-password',
      SEED_TIMEOUT_S: '20',
    });
    expect(options).toMatchObject({
      apiUrl: 'https://monitor.example.com',
      controlUrl: 'http://127.0.0.1:17999',
      publicUrl: 'http://127.0.0.1:8080',
      email: 'pioneer@example.com',
      password: 'a-longer-password',
      timeoutMs: 20_000,
    });
  });

  it('names the variable at fault, never echoing the password', () => {
    expect(failure({ SIM_CONTROL_URL: base.SIM_CONTROL_URL }).message).toContain('API_URL is not set');
    expect(failure({ API_URL: base.API_URL }).message).toContain('SIM_CONTROL_URL is not set');
    expect(failure({ ...base, API_URL: 'api-gateway:3000' }).message).toMatch(/API_URL=.* (is not a URL|must be)/);
    expect(failure({ ...base, SIM_CONTROL_URL: 'ftp://fleet' }).message).toContain('must be an http:// or https://');
    expect(failure({ ...base, API_URL: 'http://u:p@api:3000' }).message).toContain('without credentials');
    expect(failure({ ...base, DEMO_EMAIL: 'nobody' }).message).toContain('DEMO_EMAIL=nobody is not an e-mail');
    const short = failure({ ...base, DEMO_PASSWORD: 'short-pw' });
    expect(short.message).toBe('DEMO_PASSWORD must be at least 10 characters');
    expect(short.message).not.toContain('short-pw');
    for (const t of ['0', 'soon', '1.5', '100000'])
      expect(failure({ ...base, SEED_TIMEOUT_S: t }).message).toContain(`SEED_TIMEOUT_S=${t} is not valid`);
  });
});
