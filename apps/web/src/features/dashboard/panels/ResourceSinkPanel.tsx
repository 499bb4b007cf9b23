import { useTranslation } from 'react-i18next';
import { formatDuration, num, percent } from '../../../lib/format';
import { AddonPanel, Meter, type PanelContext } from '../common';
import { nextCouponSeconds } from './model';
import { livePanel } from '../live-panel';

/** The AWESOME Sink: points, coupons ready, progress to the next coupon and when it prints at today's rate. */
function ResourceSinkPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel ctx={props.ctx} kind="resource_sink" id="resource-sink" title={t('sinkPanel.title')}>
      {(sink) => {
        const progress = Math.max(0, Math.min(1, sink.couponProgress)) * 100;
        const eta = nextCouponSeconds(sink);
        return (
          <>
            <dl className="tiles tiles-compact" data-testid="sink-tiles">
              <div className="tile">
                <dt>{t('sinkPanel.points')}</dt>
                <dd className="tile-text" data-testid="sink-points">
                  {num(sink.totalPoints, 0)}
                </dd>
              </div>
              <div className="tile">
                <dt>{t('sinkPanel.coupons')}</dt>
                <dd className="tile-text" data-testid="sink-coupons">
                  {num(sink.coupons, 0)}
                </dd>
              </div>
              <div className="tile">
                <dt>{t('sinkPanel.perMinute')}</dt>
                <dd className="tile-text" data-testid="sink-rate">
                  {t('sinkPanel.pointsPerMinute', { value: num(sink.pointsPerMinute, 0) })}
                </dd>
              </div>
            </dl>
            <p className="sink-progress">
              <span>{t('sinkPanel.next')}</span>{' '}
              <Meter value={progress} max={100} label={t('sinkPanel.progressLabel', { percent: percent(progress) })} />
              <span data-testid="sink-progress">{percent(progress)}</span>
            </p>
            <p className="muted small" data-testid="sink-eta">
              {eta === null
                ? t('sinkPanel.toGoStalled', { points: num(sink.pointsToCoupon, 0) })
                : t('sinkPanel.toGo', { points: num(sink.pointsToCoupon, 0), span: formatDuration(eta) })}
            </p>
          </>
        );
      }}
    </AddonPanel>
  );
}

export const ResourceSinkPanel = livePanel(ResourceSinkPanelView, { kinds: ['resource_sink'] });
