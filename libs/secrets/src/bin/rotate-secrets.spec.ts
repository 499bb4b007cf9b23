import { SecretBox } from '../secret-box';
import { runCli } from './rotate-secrets';

/** Runs the command in-process, collecting what it prints. */
async function run(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('rotate-secrets command line', () => {
  const key = SecretBox.generateKey();
  const oldKey = SecretBox.generateKey();
  const env = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none', SECRETS_KEY: key };

  it('stops with status 2 when DATABASE_URL is missing', async () => {
    const result = await run([], { SECRETS_KEY: key });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^DATABASE_URL is missing/);
  });

  it('stops with status 2 naming the bad SECRETS_* variable, never echoing a key', async () => {
    for (const [extra, message] of [
      [{ SECRETS_KEY: undefined }, /SECRETS_KEY is missing/],
      [{ SECRETS_KEY: key.slice(8) }, /SECRETS_KEY must be 32 bytes/],
      [{ SECRETS_PREVIOUS_KEYS: `old:${oldKey.slice(8)}` }, /SECRETS_PREVIOUS_KEYS entry 1 of 1 \(key id old\)/],
    ] as const) {
      const result = await run([], { ...env, ...extra });
      expect(result.code).toBe(2);
      expect(result.err).toMatch(message);
      expect(result.err + result.out).not.toContain(key.slice(8, 30));
      expect(result.err + result.out).not.toContain(oldKey.slice(8, 30));
    }
  });

  it('refuses unknown arguments and bad batch sizes, and prints usage on --help', async () => {
    expect((await run(['--force'], env)).code).toBe(2);
    expect((await run(['--batch-size', '0'], env)).err).toMatch(/--batch-size must be an integer/);
    expect((await run(['--batch-size=abc'], env)).code).toBe(2);
    const help = await run(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: rotate-secrets/);
  });

  it('exits 1 when the database cannot be reached, saying so', async () => {
    const result = await run([], env);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^rotation stopped: /);
    expect(result.out).toContain(`under key id ${SecretBox.deriveKeyId(key)}`);
  });
});
