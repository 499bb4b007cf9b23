import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { deliveryLabel, LoadMore } from './common';
import { DeliveryTable } from './DeliveryTable';
import { DELIVERY_STATUSES, type DeliveryFilters, type DeliveryStatus } from './model';
import { channelsQuery, DELIVERY_PAGE, deliveryLogQuery, failureOf } from './queries';
import type { TabProps } from './tab-props';

/** The delivery log: every notification, newest first, filtered by status and channel, paged with "load more". */
export function DeliveriesTab(_props: TabProps) {
  const { t } = useTranslation('alerts');
  const channels = useQuery(channelsQuery);
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [channelId, setChannelId] = useState('');
  const filters: DeliveryFilters = { limit: DELIVERY_PAGE };
  if (status) filters.status = status;
  if (channelId) filters.channel_id = channelId;
  const log = useInfiniteQuery(deliveryLogQuery(filters));
  const items = log.data?.pages.flatMap((p) => p.items);

  // form-without-validation: filter (its selects filter the log as they change; nothing to validate)
  return (
    <>
      <p>{t('deliveries.intro')}</p>
      <form
        className="settings-fields alerts-filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('filters.label')}
      >
        <label className="settings-field">
          {t('filters.status')}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as DeliveryStatus | '')}
            data-testid="delivery-filter-status"
          >
            <option value="">{t('filters.anyStatus')}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {deliveryLabel(t, s)}
              </option>
            ))}
          </select>
        </label>
        <label className="settings-field">
          {t('filters.channel')}
          <select
            value={channelId}
            onChange={(e) => setChannelId(e.target.value)}
            data-testid="delivery-filter-channel"
          >
            <option value="">{t('filters.allChannels')}</option>
            {(channels.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-small" onClick={() => void log.refetch()} aria-busy={log.isFetching}>
          {t('incidents.refresh')}
        </button>
      </form>
      {channels.error && <ErrorNote error={failureOf(channels.error)} retry={() => void channels.refetch()} />}
      {items === undefined ? (
        log.error ? (
          <ErrorNote error={failureOf(log.error)} retry={() => void log.refetch()} />
        ) : (
          <p className="muted small" role="status">
            {t('deliveries.loading')}
          </p>
        )
      ) : items.length === 0 ? (
        <p data-testid="no-deliveries">{status || channelId ? t('deliveries.noneMatch') : t('deliveries.none')}</p>
      ) : (
        <DeliveryTable items={items} label={t('deliveries.label')} />
      )}
      <LoadMore query={log} />
    </>
  );
}
