import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { appUpdate } from '../lib/pwa';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The app's own state above every page (sign-in and share pages too): "you are offline, this is the last data"
 * while the browser has no network (the service worker then answers from its cache), and "a new version is ready"
 * with a reload button. The region is always there (empty when there is nothing to say) so screen readers announce
 * the text when it appears. main.tsx leaves it out on the overlay, which streaming software shows as it is.
 */
export default function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const update = useSyncExternalStore(appUpdate.subscribe, appUpdate.ready);
  return (
    <div className="banner-slot" role="status">
      {!online && (
        <div className="banner banner-warn" data-testid="offline-banner">
          {t('offline.banner')}
        </div>
      )}
      {update && (
        <div className="banner banner-warn" data-testid="update-ready">
          <span>{t('update.ready')}</span>
          <button type="button" className="btn btn-small" onClick={() => appUpdate.apply()}>
            {t('update.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
