import { z } from 'zod';
import { ApiFailure, fieldProblems } from './api';
import type { paths } from './api/client';
import { i18n } from './i18n';

/** The body of POST /api/v1/servers. */
export type CreateServerBody = paths['/api/v1/servers']['post']['requestBody']['content']['application/json'];

/**
 * A server's form rules (the add-server wizard, the dashboard's edit form; shared here so neither page loads the
 * other's code): the api-gateway's CreateServer body (servers.controller.ts, beside the Nest
 * controller, so not importable here) plus what the browser can tell before asking (a bare address, no scheme or
 * path). Ports are typed as text and become numbers here. Messages are keys of the `servers` namespace, translated
 * where they are shown.
 */
export const portText = z
  .string()
  .trim()
  .min(1, { message: 'form.portRequired', abort: true })
  .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, 'form.portRange')
  .transform(Number);

export const serverName = z.string().trim().min(1, 'form.nameRequired').max(100, 'form.nameTooLong');

export const ServerForm = z.object({
  name: serverName,
  host: z
    .string()
    .trim()
    .min(1, { message: 'form.hostRequired', abort: true })
    .max(253, { message: 'form.hostTooLong', abort: true })
    .refine((v) => !/\s|\/|:\/\//.test(v), 'form.hostBare'),
  port: portText,
  admin_password: z.string().min(1, 'form.passwordRequired').max(256, 'form.passwordTooLong'),
  addon_http_port: portText,
  addon_ws_port: portText,
});
/** The form's values as typed (ports as text). */
export type ServerFormValues = z.input<typeof ServerForm>;
/** The checked values, ready to send. */
export type ServerFormData = z.output<typeof ServerForm>;
export type ServerField = keyof ServerFormValues;

export const SERVER_FIELDS = Object.keys(ServerForm.shape) as ServerField[];

export const EMPTY_SERVER_FORM: ServerFormValues = {
  name: '',
  host: '',
  port: '7777',
  admin_password: '',
  addon_http_port: '8080',
  addon_ws_port: '8081',
};

/** The body of POST /api/v1/servers from the checked form. */
export const createBody = (v: ServerFormData): CreateServerBody => ({ ...v });

/** What is wrong with a port typed as text, in the reader's language; undefined when it is a port (1-65535). */
export function portError(v: string): string | undefined {
  const checked = portText.safeParse(v);
  return checked.success ? undefined : i18n.t(`servers:${checked.error.issues[0]?.message ?? 'form.portRange'}`);
}

/**
 * The field problems of an API failure, by form field: a 400 ValidationFailed names them in `details.fields`
 * (`body.port` or `port`), a refused host (TargetNotAllowed) in `details.field` with the message as the problem.
 */
export function serverFieldErrors(e: unknown): Partial<Record<ServerField, string>> {
  const out: Partial<Record<ServerField, string>> = {};
  if (!(e instanceof ApiFailure)) return out;
  const isField = (f: string): f is ServerField => (SERVER_FIELDS as string[]).includes(f);
  for (const [field, problem] of fieldProblems(e.details)) if (isField(field)) out[field] ??= problem;
  const one = e.details?.field;
  if (typeof one === 'string' && isField(one)) out[one] ??= e.message;
  return out;
}
