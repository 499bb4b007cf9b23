// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api, session } from '../../lib/api';
import { navigate } from '../../lib/router';
import { useSettings, type Role } from './model';
import { ErrorNote } from '../../components/ui';
import { useAction } from '../../lib/useApi';

/** The token of an invitation link (`#token=gsm_i_...`, `?token=`), or a pasted link or token. */
function tokenOf(text: string): string {
  const m = /gsm_i_[A-Za-z0-9_-]+/.exec(text);
  return m ? m[0] : text.trim();
}

/** Where an invitation link leads: join the organisation as the signed-in user, then switch to it. */
export function AcceptInvitation() {
  const { me } = useSettings();
  const act = useAction();
  const [token, setToken] = useState(() => tokenOf(location.hash + location.search));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act.run(async () => {
      const r = await api<{ organisation: { id: string; name: string }; role: Role }>(
        'POST',
        '/api/v1/invitations/accept',
        { token: tokenOf(token) },
      );
      session.setOrg(r.organisation.id);
      navigate('/settings/members', { replace: true });
    });
  };

  return (
    <form className="card settings-form" onSubmit={submit}>
      <p>
        You are signed in as <strong>{me.email}</strong>. An invitation works only for the e-mail address it was made
        for.
      </p>
      <label className="settings-field">
        Invitation link or token
        <input value={token} onChange={(e) => setToken(e.target.value)} required autoComplete="off" />
      </label>
      {act.error && <ErrorNote error={act.error} />}
      <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
        {act.pending ? 'Joining…' : 'Accept the invitation'}
      </button>
    </form>
  );
}
