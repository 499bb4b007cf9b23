import { SecurityPanel } from '../security';
import { useSettings } from './model';

/** Settings -> Security: second factors of the signed-in user, and (admins) the organisation's policy. */
export function SecurityTab() {
  const { me, role } = useSettings();
  return <SecurityPanel email={me.email} isAdmin={role === 'admin'} />;
}
