import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ApiFailure } from '../../lib/api';

/** A share link that does not lead anywhere (unknown, expired, revoked), or a failure to load it. */
export function InvalidShare(props: { error: unknown }) {
  const { t } = useTranslation('share');
  const gone = props.error instanceof ApiFailure && (props.error.status === 404 || props.error.status === 401);
  return (
    <main id="main" className="page page-narrow">
      {gone ? (
        <div className="empty" data-testid="invalid-share">
          <h1>{t('invalid.title')}</h1>
          <p>{t('invalid.text')}</p>
        </div>
      ) : (
        <ErrorNotice error={props.error} title={t('invalid.failed')} />
      )}
    </main>
  );
}
