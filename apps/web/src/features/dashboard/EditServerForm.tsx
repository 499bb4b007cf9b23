import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { portError, serverFieldErrors } from '../../lib/server-form';
import { useUpdateServer, type ServerChanges, type ServerDetails } from './server-queries';

type Values = { name: string; port: string; admin_password: string; addon_http_port: string; addon_ws_port: string };
const FIELDS = ['name', 'port', 'admin_password', 'addon_http_port', 'addon_ws_port'] as const;

/** A port as typed: the servers feature's rule and wording (the wizard's). */
const port = z.string().superRefine((v, ctx) => {
  const problem = portError(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The body of the PATCH: only what changed (an empty password keeps the current one). */
export function changesOf(s: ServerDetails, v: Values): ServerChanges {
  const body: ServerChanges = {};
  if (v.name.trim() !== s.name) body.name = v.name.trim();
  if (Number(v.port) !== s.port) body.port = Number(v.port);
  if (Number(v.addon_http_port) !== s.addon_http_port) body.addon_http_port = Number(v.addon_http_port);
  if (Number(v.addon_ws_port) !== s.addon_ws_port) body.addon_ws_port = Number(v.addon_ws_port);
  if (v.admin_password) body.admin_password = v.admin_password;
  return body;
}

/**
 * Edit (name, ports, new admin password). Checked in the browser first, then by the API: its field problems land
 * on the fields (a wrong password gets the 422's remedy), and focus goes to the first field with a problem.
 */
export function EditServerForm(props: { server: ServerDetails; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const s = props.server;
  const update = useUpdateServer(s.id);
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t('edit.nameRequired')).max(100, t('edit.nameTooLong')),
        port,
        admin_password: z.string(),
        addon_http_port: port,
        addon_ws_port: port,
      }),
    // `t` changes with the language: the messages follow it.
    [t],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: s.name,
      port: String(s.port),
      admin_password: '',
      addon_http_port: String(s.addon_http_port),
      addon_ws_port: String(s.addon_ws_port),
    },
  });
  const errors = form.formState.errors;

  const save = form.handleSubmit(async (values) => {
    const body = changesOf(s, values);
    if (Object.keys(body).length === 0) return props.onClose();
    try {
      await update.mutateAsync(body);
      props.onClose();
    } catch (e) {
      const fields = serverFieldErrors(e) as Partial<Record<(typeof FIELDS)[number], string>>;
      const first = FIELDS.find((f) => fields[f]);
      for (const f of FIELDS) if (fields[f]) form.setError(f, { message: fields[f] }, { shouldFocus: f === first });
    }
  });

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="form-grid">
      <Field
        label={t('edit.name')}
        {...form.register('name')}
        error={errors.name?.message}
        className="span-2"
        maxLength={100}
      />
      <Field label={t('edit.port')} inputMode="numeric" {...form.register('port')} error={errors.port?.message} />
      <Field
        label={t('edit.password')}
        type="password"
        autoComplete="new-password"
        {...form.register('admin_password')}
        help={t('edit.passwordHelp')}
        error={errors.admin_password?.message}
      />
      <Field
        label={t('edit.addonHttp')}
        inputMode="numeric"
        {...form.register('addon_http_port')}
        error={errors.addon_http_port?.message}
      />
      <Field
        label={t('edit.addonWs')}
        inputMode="numeric"
        {...form.register('addon_ws_port')}
        error={errors.addon_ws_port?.message}
      />
      {update.error !== null && (
        <div className="span-2">
          <ErrorNotice error={update.error} title={t('edit.notSaved')} />
        </div>
      )}
      <div className="form-actions span-2">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? t('edit.saving') : t('edit.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
