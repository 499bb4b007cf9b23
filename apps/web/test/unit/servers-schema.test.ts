import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/lib/api';
import { i18n } from '../../src/lib/i18n';
import {
  createBody,
  EMPTY_SERVER_FORM,
  portError,
  ServerForm,
  serverFieldErrors,
  type ServerFormValues,
} from '../../src/lib/server-form';

/** The add-server form's rules (the API's CreateServer body) and how the API's field problems reach the fields. */
const valid: ServerFormValues = {
  ...EMPTY_SERVER_FORM,
  name: 'My factory',
  host: '203.0.113.10',
  admin_password: 'pw',
};
const problems = (values: Partial<ServerFormValues>) => {
  const r = ServerForm.safeParse({ ...valid, ...values });
  // The first problem of each field, as the form shows it.
  return r.success ? {} : Object.fromEntries(r.error.issues.reverse().map((i) => [String(i.path[0]), i.message]));
};

describe('the add-server form', () => {
  it('accepts a complete form and sends numbers for the ports, trimmed texts', () => {
    const r = ServerForm.safeParse({ ...valid, name: '  My factory ', host: ' play.example.com ', port: ' 7778 ' });
    expect(r.success).toBe(true);
    expect(createBody(r.data!)).toEqual({
      name: 'My factory',
      host: 'play.example.com',
      port: 7778,
      admin_password: 'pw',
      addon_http_port: 8080,
      addon_ws_port: 8081,
    });
  });

  it.each([
    ['', 'form.hostRequired'],
    ['   ', 'form.hostRequired'],
    ['http://203.0.113.10', 'form.hostBare'],
    ['203.0.113.10/admin', 'form.hostBare'],
    ['my host', 'form.hostBare'],
    [`${'a'.repeat(250)}.com`, 'form.hostTooLong'],
  ])('refuses the host %j (%s)', (host, key) => {
    expect(problems({ host })).toEqual({ host: key });
  });

  it.each(['203.0.113.10', 'play.example.com', '2001:db8::1', 'localhost'])('takes the host %j', (host) => {
    expect(problems({ host })).toEqual({});
  });

  it.each([
    ['', 'form.portRequired'],
    ['0', 'form.portRange'],
    ['65536', 'form.portRange'],
    ['-1', 'form.portRange'],
    ['7777.5', 'form.portRange'],
    ['1e3', 'form.portRange'],
    ['77a', 'form.portRange'],
    ['000007777', 'form.portRange'],
  ])('refuses the port %j (%s), in each of the three port fields', (port, key) => {
    expect(problems({ port })).toEqual({ port: key });
    expect(problems({ addon_http_port: port })).toEqual({ addon_http_port: key });
    expect(problems({ addon_ws_port: port })).toEqual({ addon_ws_port: key });
  });

  it.each(['1', '7777', '65535'])('takes the port %j', (port) => {
    expect(problems({ port })).toEqual({});
  });

  it('needs an admin password of at most 256 characters and a name of at most 100', () => {
    expect(problems({ admin_password: '' })).toEqual({ admin_password: 'form.passwordRequired' });
    expect(problems({ admin_password: 'x'.repeat(257) })).toEqual({ admin_password: 'form.passwordTooLong' });
    expect(problems({ admin_password: ' spaces count ' })).toEqual({});
    expect(problems({ name: ' ' })).toEqual({ name: 'form.nameRequired' });
    expect(problems({ name: 'n'.repeat(101) })).toEqual({ name: 'form.nameTooLong' });
  });

  it('every message the rules can give is an English text of the servers namespace', () => {
    const keys = new Set(
      [
        { name: '', host: '', port: '', admin_password: '', addon_http_port: '0', addon_ws_port: 'x' },
        { name: 'n'.repeat(101), host: 'a/b', port: '0', admin_password: 'x'.repeat(257) },
        { host: 'h'.repeat(254) },
      ].flatMap((v) => Object.values(problems(v))),
    );
    expect(keys.size).toBe(9);
    for (const key of keys) expect(i18n.exists(key, { ns: 'servers' }), key).toBe(true);
  });
});

describe('portError (the dashboard’s edit dialog)', () => {
  it('says what is wrong in the reader’s language, nothing for a port', async () => {
    expect(portError('8080')).toBeUndefined();
    expect(portError('')).toBe('Enter a port.');
    expect(portError('70000')).toBe('Must be a whole number from 1 to 65535.');
    await i18n.changeLanguage('de');
    try {
      expect(portError('70000')).toBe('Muss eine ganze Zahl von 1 bis 65535 sein.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('serverFieldErrors', () => {
  const failure = (code: string, message: string, details: Record<string, unknown> | null) =>
    new ApiFailure(400, code, message, null, details, 'req-1');

  it('maps a ValidationFailed’s fields (with or without the body. prefix) to the form’s fields', () => {
    const e = failure('ValidationFailed', 'invalid body', {
      fields: [
        { field: 'body.port', problem: 'must be 1-65535' },
        { field: 'name', problem: 'must not be empty' },
        { field: 'admin_password', problem: 'must not be empty' },
      ],
    });
    expect(serverFieldErrors(e)).toEqual({
      port: 'must be 1-65535',
      name: 'must not be empty',
      admin_password: 'must not be empty',
    });
  });

  it('puts a refused host’s message on the host field', () => {
    const e = failure('TargetNotAllowed', 'private addresses cannot be monitored', {
      field: 'host',
      reason: 'private',
    });
    expect(serverFieldErrors(e)).toEqual({ host: 'private addresses cannot be monitored' });
  });

  it('keeps the first problem of a field and leaves out what is not a field of the form', () => {
    const e = failure('ValidationFailed', 'invalid body', {
      fields: [
        { field: 'port', problem: 'must be an integer' },
        { field: 'port', problem: 'must be 1-65535' },
        { field: 'body', problem: 'name at least one field to change' },
        { field: 'extra', problem: 'unrecognised key' },
        { field: 'host' },
      ],
    });
    expect(serverFieldErrors(e)).toEqual({ port: 'must be an integer' });
  });

  it('finds nothing in other failures', () => {
    expect(
      serverFieldErrors(failure('PlanLimitReached', 'the free plan allows 1 server(s)', { plan: 'free' })),
    ).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
