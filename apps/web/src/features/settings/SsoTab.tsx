import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, Notice, RoleNote } from '../../components/ui';
import { toFailure, type ApiFailure } from '../../lib/api';
import { client, unwrap, type GetAnswer } from '../../lib/api/client';
import { keys, queryClient } from '../../lib/query';
import { useSettings } from './model';

type SsoStatus = GetAnswer<'/api/v1/org/sso'>;
type SsoRole = 'admin' | 'operator' | 'viewer';
const ROLES: SsoRole[] = ['admin', 'operator', 'viewer'];
const ssoKey = [...keys.settings, 'sso'] as const;

/** Settings -> Single sign-on (Admin): the plan gate, the OpenID Connect set-up, its removal. */
export function SsoTab() {
  const { t } = useTranslation('sso');
  const { role } = useSettings();
  const status = useQuery({
    queryKey: ssoKey,
    queryFn: () => unwrap(client.GET('/api/v1/org/sso')),
    enabled: role === 'admin',
  });
  // Here, not in the form: a save remounts the form (its fields from the saved set-up); the notice stays.
  const [notice, setNotice] = useState('');
  if (role !== 'admin') return <RoleNote>{t('settings.adminOnly')}</RoleNote>;
  return (
    <>
      <p className="muted">{t('settings.intro')}</p>
      <Notice text={notice} />
      <Loadable state={status} what={t('settings.what')}>
        {(s) =>
          s.available ? (
            <SsoForm status={s} onDone={setNotice} key={s.config?.updated_at ?? 'new'} />
          ) : (
            <PlanGate status={s} />
          )
        }
      </Loadable>
    </>
  );
}

function PlanGate({ status }: { status: SsoStatus }) {
  const { t } = useTranslation('sso');
  const addon = useMutation({
    mutationFn: () => unwrap(client.PUT('/api/v1/billing/sso-addon', { body: { enabled: true } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.settings }),
  });
  if (status.plan !== 'team') return <RoleNote>{t('settings.unavailable', { plan: status.plan })}</RoleNote>;
  return (
    <div className="notice notice-info" data-testid="sso-plan-gate">
      <p>{t('settings.unavailableTeam')}</p>
      <button type="button" className="btn btn-primary" onClick={() => addon.mutate()} aria-disabled={addon.isPending}>
        {addon.isPending ? t('settings.turningOn') : t('settings.turnOnAddon')}
      </button>
      {addon.error && <ErrorNote error={toFailure(addon.error)} />}
    </div>
  );
}

/** "value = role" lines into a mapping; the number of the first bad line otherwise. */
function parseMapping(text: string): Record<string, SsoRole> | number {
  const mapping: Record<string, SsoRole> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.lastIndexOf('=');
    const value = line.slice(0, at).trim();
    const role = line
      .slice(at + 1)
      .trim()
      .toLowerCase() as SsoRole;
    if (at <= 0 || !value || !ROLES.includes(role)) return i + 1;
    mapping[value] = role;
  }
  return mapping;
}

function SsoForm({ status, onDone }: { status: SsoStatus; onDone: (notice: string) => void }) {
  const { t } = useTranslation('sso');
  const c = status.config;
  const [issuer, setIssuer] = useState(c?.issuer ?? '');
  const [clientId, setClientId] = useState(c?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(c?.domains.join(', ') ?? '');
  const [roleClaim, setRoleClaim] = useState(c?.role_claim ?? '');
  const [mapping, setMapping] = useState(
    Object.entries(c?.role_mapping ?? {})
      .map(([v, r]) => `${v} = ${r}`)
      .join('\n'),
  );
  const [defaultRole, setDefaultRole] = useState<SsoRole>(c?.default_role ?? 'viewer');
  const [jit, setJit] = useState(c?.jit_membership ?? true);
  const [requireSso, setRequireSso] = useState(c?.require_sso ?? false);
  const [trust, setTrust] = useState(c?.trust_unverified_email ?? false);
  const [trustMfa, setTrustMfa] = useState(c?.trust_idp_mfa ?? true);
  const [mfaAcr, setMfaAcr] = useState(c?.mfa_acr_values.join(', ') ?? '');
  const setNotice = onDone;
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [badLine, setBadLine] = useState<number | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.settings });
  const save = useMutation({
    mutationFn: (roleMapping: Record<string, SsoRole>) =>
      unwrap(
        client.PUT('/api/v1/org/sso', {
          body: {
            issuer: issuer.trim(),
            client_id: clientId.trim(),
            ...(secret ? { client_secret: secret } : {}),
            domains: domains
              .split(',')
              .map((d) => d.trim())
              .filter(Boolean),
            role_claim: roleClaim.trim() || null,
            role_mapping: roleMapping,
            default_role: defaultRole,
            jit_membership: jit,
            require_sso: requireSso,
            trust_unverified_email: trust,
            trust_idp_mfa: trustMfa,
            mfa_acr_values: mfaAcr
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          },
        }),
      ),
    onSuccess: () => {
      setNotice(t('settings.saved'));
      void refresh();
    },
    onError: (e) => setFailure(toFailure(e)),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(client.DELETE('/api/v1/org/sso')),
    onSuccess: () => {
      setNotice(t('settings.removed'));
      void refresh();
    },
    onError: (e) => setFailure(toFailure(e)),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setNotice('');
    setFailure(null);
    const parsed = parseMapping(mapping);
    setBadLine(typeof parsed === 'number' ? parsed : null);
    if (typeof parsed !== 'number' && !save.isPending) save.mutate(parsed);
  };

  return (
    <form className="card settings-form sso-form" onSubmit={submit} noValidate aria-label={t('settings.what')}>
      <p className="small">
        {t('settings.redirectUri')}: <code data-testid="sso-redirect-uri">{status.redirect_uri}</code>
      </p>
      <Text label={t('settings.issuer')} help={t('settings.issuerHelp')} value={issuer} set={setIssuer} type="url" />
      <Text label={t('settings.clientId')} value={clientId} set={setClientId} />
      <Text
        label={t('settings.clientSecret')}
        help={c ? t('settings.clientSecretKept') : undefined}
        value={secret}
        set={setSecret}
        type="password"
      />
      <Text label={t('settings.domains')} help={t('settings.domainsHelp')} value={domains} set={setDomains} />
      <Text label={t('settings.roleClaim')} help={t('settings.roleClaimHelp')} value={roleClaim} set={setRoleClaim} />
      <label className="settings-field">
        <span>{t('settings.roleMapping')}</span>
        <span className="field-help">{t('settings.roleMappingHelp')}</span>
        <textarea
          rows={3}
          value={mapping}
          onChange={(e) => setMapping(e.target.value)}
          aria-invalid={badLine !== null || undefined}
        />
        {badLine !== null && <span className="field-error">{t('settings.badMapping', { line: badLine })}</span>}
      </label>
      <label className="settings-field">
        <span>{t('settings.defaultRole')}</span>
        <select value={defaultRole} onChange={(e) => setDefaultRole(e.target.value as SsoRole)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`settings.roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <Check label={t('settings.jit')} checked={jit} set={setJit} />
      <Check label={t('settings.requireSso')} checked={requireSso} set={setRequireSso} />
      <Check label={t('settings.trustUnverified')} checked={trust} set={setTrust} />
      <Check label={t('settings.trustIdpMfa')} checked={trustMfa} set={setTrustMfa} />
      {trustMfa && <Text label={t('settings.mfaAcr')} help={t('settings.mfaAcrHelp')} value={mfaAcr} set={setMfaAcr} />}
      {failure && <ErrorNote error={failure} />}
      <div className="settings-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        {c && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => remove.mutate()}
            aria-disabled={remove.isPending}
          >
            {remove.isPending ? t('settings.removing') : t('settings.remove')}
          </button>
        )}
      </div>
    </form>
  );
}

function Text(p: { label: string; help?: string; value: string; set: (v: string) => void; type?: string }) {
  return (
    <label className="settings-field">
      <span>{p.label}</span>
      {p.help && <span className="field-help">{p.help}</span>}
      <input type={p.type ?? 'text'} value={p.value} onChange={(e) => p.set(e.target.value)} autoComplete="off" />
    </label>
  );
}

function Check(p: { label: string; checked: boolean; set: (v: boolean) => void }) {
  return (
    <label className="settings-check">
      <input type="checkbox" checked={p.checked} onChange={(e) => p.set(e.target.checked)} /> {p.label}
    </label>
  );
}
