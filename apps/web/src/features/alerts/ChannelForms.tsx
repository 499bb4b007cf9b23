// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ErrorNote } from '../../components/ui';
import { useAction } from '../../lib/useApi';
import { configEmpty, ConfigFields, configOf, EMPTY_CONFIG, type ConfigForm } from './ChannelConfigFields';
import { CHANNEL_KINDS, ChannelKindLabel, fieldErrors, kindInfo } from './common';
import type { Channel, ChannelKind, CreatedChannel } from './model';

/** The per-kind add form: choose the kind, name it, enter its settings. */
export function AddChannel({ onCreated }: { onCreated: (c: CreatedChannel) => void }) {
  const act = useAction();
  const [kind, setKind] = useState<ChannelKind>('discord');
  const [name, setName] = useState('');
  const [config, setConfig] = useState<ConfigForm>(EMPTY_CONFIG);
  const errors = fieldErrors(act.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act.run(async () => {
      const label = kindInfo(kind)?.label ?? kind;
      const body = { kind, name: name.trim() || label, config: configOf(kind, config) };
      onCreated(await api<CreatedChannel>('POST', '/api/v1/notification-channels', body));
      setName('');
      setConfig(EMPTY_CONFIG);
    });
  };

  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="add-channel-heading" noValidate>
      <h3 id="add-channel-heading">Add a channel</h3>
      <fieldset className="settings-checks alerts-kinds">
        <legend>Kind</legend>
        {CHANNEL_KINDS.map((k) => (
          <label key={k.kind}>
            <input
              type="radio"
              name="channel-kind"
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => {
                setKind(k.kind);
                act.clear();
              }}
            />{' '}
            <ChannelKindLabel kind={k.kind} />
            <span className="muted small">({k.plan}+)</span>
          </label>
        ))}
      </fieldset>
      <div className="settings-fields">
        <label className="settings-field">
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder={`${kindInfo(kind)?.label ?? ''} alerts`}
          />
          {errors.name && <span className="field-error">{errors.name}</span>}
        </label>
      </div>
      <ConfigFields kind={kind} value={config} onChange={setConfig} errors={errors} required />
      {act.error && <ErrorNote error={act.error} />}
      <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
        {act.pending ? 'Adding…' : 'Add channel'}
      </button>
    </form>
  );
}

/** Rename, and optionally replace the settings (a new webhook URL); empty settings keep the current ones. */
export function EditChannel(p: { channel: Channel; onSaved: (c: Channel) => void; onCancel: () => void }) {
  const act = useAction();
  const [name, setName] = useState(p.channel.name);
  const [config, setConfig] = useState<ConfigForm>(EMPTY_CONFIG);
  const errors = fieldErrors(act.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    if (name.trim() && name.trim() !== p.channel.name) body.name = name.trim();
    if (!configEmpty(p.channel.kind, config)) body.config = configOf(p.channel.kind, config);
    if (Object.keys(body).length === 0) return p.onCancel();
    void act.run(async () => {
      const { signing_secret: _s, ...row } = await api<CreatedChannel>(
        'PATCH',
        `/api/v1/notification-channels/${p.channel.id}`,
        body,
      );
      p.onSaved(row);
    });
  };
  return (
    <form onSubmit={submit} className="settings-form" noValidate>
      <div className="settings-fields">
        <label className="settings-field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          {errors.name && <span className="field-error">{errors.name}</span>}
        </label>
      </div>
      <p className="muted small">
        Sends to <code>{p.channel.target}</code>. To send somewhere else, enter the new settings; leave them empty to
        keep the current ones.
      </p>
      <ConfigFields kind={p.channel.kind} value={config} onChange={setConfig} errors={errors} required={false} />
      {act.error && <ErrorNote error={act.error} />}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
          {act.pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={p.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
