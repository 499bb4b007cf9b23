import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetRevealAll, NearViewport } from '../../components/NearViewport';
import { StatusBadge } from '../../components/StatusBadge';
import type { Intervals } from '../../lib/account';
import { ago, timeTooltip } from '../../lib/format';
import { useInTurns, useNow } from '../../lib/hooks';
import { useServerLive } from '../../live/hooks';
import { FIRST_SCREEN_KINDS, SEEDED_KINDS, seedLatest, type DataSource, type SeedErrors } from '../../live/seed';
import { liveStore } from '../../live/store';
import { AddonHelp } from './AddonHelp';
import type { PanelContext } from './common';
import { FactoryView } from './factory';
import { DronesPanel, FactoryPanel, TrainsPanel } from './FleetPanels';
import { HealthPanel } from './HealthPanel';
import { HistoryPanel, prefetchHistory } from './HistoryPanel';
import { PlayersPanel } from './PlayersPanel';
import {
  DroneStationsPanel,
  ExtractorsPanel,
  GeneratorsPanel,
  InventorySearch,
  ResourceSinkPanel,
  seedPanels,
} from './panels';
import { PowerPanel } from './PowerPanel';
import { ProductionPanel } from './ProductionPanel';

export interface DashboardProps {
  src: DataSource;
  name: string;
  /** Shown under the name (host and port; not on share pages). */
  subtitle?: string;
  readOnly: boolean;
  intervals: Intervals;
  retentionHours: number | null;
  planName: string | null;
  addonHttpPort?: number;
  addonWsPort?: number;
  /** Edit / Delete / diagnose buttons (absent when read-only). */
  actions?: ReactNode;
  /** A notice above the panels (the share page's read-only notice). */
  notice?: ReactNode;
  /** More panels after the built-in ones (the server page's history charts), given the panels' context. */
  morePanels?: (ctx: PanelContext) => ReactNode;
}

/** "4 s ago", ticking by itself (so the panels below do not re-render every second). */
function Ago(props: { time: number | null }) {
  return <>{ago(props.time, useNow())}</>;
}

function IncidentAge(props: { time: number }) {
  const { t } = useTranslation('dashboard');
  return <>{t('incidents.since', { ago: ago(props.time, useNow()) })}</>;
}

/** The kinds the first screen shows (read first; the panels appear once they are in). */
const FIRST_SCREEN = FIRST_SCREEN_KINDS;
/** The other kinds `seedLatest` reads, for the panels further down. */
const FURTHER_DOWN = SEEDED_KINDS.filter((k) => !FIRST_SCREEN.includes(k));

/** How long the panels wait for the first data before showing what they have. */
const SETTLE_MS = 2500;

/** One server's dashboard: status header and every panel. Used signed in and, read-only, on share pages. */
export function Dashboard(props: DashboardProps) {
  const { t } = useTranslation('dashboard');
  const live = useServerLive(props.src.key);
  const [seedErrors, setSeedErrors] = useState<SeedErrors>({});
  // The panels appear once, when the first data is in (the seed of the kinds the first screen shows, or 2.5 s at
  // most), instead of each growing as its answer arrives: nothing the reader is looking at jumps (CLS), and the
  // first render is one task instead of eight. The kinds of the panels further down come after: those panels are
  // built when the reader comes near them (NearViewport).
  const [settled, setSettled] = useState(false);

  // The history chart on the first screen: its data and the chart library asked with the first seeds, not when its
  // panel is built after them.
  useEffect(() => prefetchHistory(props.src, props.intervals.health), [props.src, props.intervals.health]);
  // A Tab, a find or a print on this dashboard builds all of its panels; one on another page before (the servers
  // list), or on the dashboard left for this one, does not: each dashboard starts waiting for its reader.
  useEffect(() => {
    forgetRevealAll();
    return forgetRevealAll;
  }, [props.src.key]);

  useEffect(() => {
    let cancelled = false;
    setSettled(false);
    setSeedErrors({});
    const cap = setTimeout(() => !cancelled && setSettled(true), SETTLE_MS);
    // Failures only: a new (empty) errors object would render every panel again for nothing.
    const seeded = (errors: SeedErrors) => {
      if (!cancelled && Object.keys(errors).length > 0) setSeedErrors((before) => ({ ...before, ...errors }));
    };
    // Each stage asks whether the page is still there and the add-on still answers (an AddonUnavailable answer of
    // the first screen's kinds marks it in the live store).
    const addonAnswers = () => !cancelled && liveStore.get(props.src.key).addonStatus !== 'unavailable';
    const none: SeedErrors = {};
    void seedLatest(props.src, addonAnswers(), FIRST_SCREEN)
      .then((errors) => {
        seeded(errors);
        if (!cancelled) setSettled(true);
        return cancelled ? none : seedLatest(props.src, addonAnswers(), FURTHER_DOWN);
      })
      .then(seeded)
      .then(() => (cancelled ? none : seedPanels(props.src, addonAnswers())))
      .then(seeded);
    return () => {
      cancelled = true;
      clearTimeout(cap);
    };
  }, [props.src]);

  const ctx: PanelContext = {
    src: props.src,
    live,
    intervals: props.intervals,
    seedErrors,
    readOnly: props.readOnly,
  };
  const addon = live.addonStatus ?? 'unknown';
  const addonLabel = t(`addonState.${addon}`);
  // Every panel of the page, in order, with the size of its place until it is built (NearViewport: the panels far
  // below the fold are built when the reader comes near them); they mount one per task once the first data is in
  // (useInTurns). `slot: null`: always built (the health panel at the top, the add-on's help the header links to).
  const panels: Array<{
    slot: { wide: boolean; height: number; title: string; id: string } | null;
    render: () => ReactNode;
  }> = [
    { slot: null, render: () => <HealthPanel ctx={ctx} /> },
    // The first screen: built at once (a placeholder swapped after the first paint would move what the reader sees).
    {
      slot: null,
      render: () => <HistoryPanel ctx={ctx} retentionHours={props.retentionHours} planName={props.planName} />,
    },
    { slot: null, render: () => <PowerPanel ctx={ctx} /> },
    {
      slot: { wide: true, height: 577, title: t('players.title'), id: 'players' },
      render: () => <PlayersPanel ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 554, title: t('production.title'), id: 'production' },
      render: () => <ProductionPanel ctx={ctx} />,
    },
    {
      slot: { wide: false, height: 222, title: t('trains.title'), id: 'trains' },
      render: () => <TrainsPanel ctx={ctx} />,
    },
    {
      slot: { wide: false, height: 222, title: t('drones.title'), id: 'drones' },
      render: () => <DronesPanel ctx={ctx} />,
    },
    {
      slot: { wide: false, height: 217, title: t('factory.title'), id: 'factory' },
      render: () => <FactoryPanel ctx={ctx} />,
    },
    {
      slot: { wide: false, height: 217, title: t('sinkPanel.title'), id: 'resource-sink' },
      render: () => <ResourceSinkPanel ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 704, title: t('factoryTable.title'), id: 'machines' },
      render: () => <FactoryView ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 639, title: t('generatorsPanel.title'), id: 'generators' },
      render: () => <GeneratorsPanel ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 751, title: t('extractorsPanel.title'), id: 'extractors' },
      render: () => <ExtractorsPanel ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 245, title: t('droneStationsPanel.title'), id: 'drone-stations' },
      render: () => <DroneStationsPanel ctx={ctx} />,
    },
    {
      slot: { wide: true, height: 146, title: t('inventorySearch.title'), id: 'inventory' },
      render: () => <InventorySearch ctx={ctx} />,
    },
    { slot: null, render: () => props.morePanels?.(ctx) },
    {
      slot: null,
      render: () => (
        <AddonHelp
          open={addon === 'unavailable'}
          reason={addon === 'unavailable' ? live.addonReason : null}
          addonHttpPort={props.addonHttpPort}
          addonWsPort={props.addonWsPort}
        />
      ),
    },
  ];
  const shown = useInTurns(panels.length, settled);

  return (
    <div className="dashboard">
      <header className="dash-head">
        <div className="dash-title">
          <h1>{props.name}</h1>
          {props.subtitle && <p className="muted mono small">{props.subtitle}</p>}
        </div>
        <div className="dash-status" aria-live="polite">
          <StatusBadge status={live.status} large />
          {live.statusReason && live.status !== 'online' && <span className="muted small">{live.statusReason}</span>}
        </div>
        <dl className="dash-facts">
          <div>
            <dt>{t('facts.lastSeen')}</dt>
            <dd {...timeTooltip(live.lastSeenAt)}>
              <Ago time={live.lastSeenAt} />
            </dd>
          </div>
          <div>
            <dt>{t('facts.addon')}</dt>
            <dd>
              {addon === 'unavailable' ? (
                <a href="#addon-help" className="bad-text">
                  {addonLabel}
                </a>
              ) : (
                <span className={addon === 'available' ? 'ok-text' : 'muted'}>{addonLabel}</span>
              )}
            </dd>
          </div>
        </dl>
        {props.actions && <div className="dash-actions">{props.actions}</div>}
      </header>
      {props.notice}
      {live.removed && (
        <div className="notice notice-error" role="alert">
          {t('removed')}
        </div>
      )}
      {live.joinError && (
        <div className="notice notice-error" role="alert">
          {t('joinRefused', { reason: live.joinError })}
        </div>
      )}
      {live.incidents.length > 0 && (
        <div className="notice notice-error" role="alert" data-testid="active-alerts">
          <p className="notice-title">{t('incidents.title')}</p>
          <ul>
            {live.incidents.map((i) => (
              <li key={i.incidentId}>
                <span className={`pill ${i.severity === 'critical' ? 'pill-bad' : 'pill-warn'}`}>
                  {t(`incidents.severity.${i.severity}`)}
                </span>{' '}
                {i.summary}{' '}
                <span className="muted small">
                  <IncidentAge time={Date.parse(i.time)} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {settled ? (
        <div className="panels">
          {panels.slice(0, shown).map((panel, i) =>
            panel.slot ? (
              <NearViewport
                key={i}
                wide={panel.slot.wide}
                height={panel.slot.height}
                title={panel.slot.title}
                id={panel.slot.id}
              >
                {panel.render()}
              </NearViewport>
            ) : (
              <Fragment key={i}>{panel.render()}</Fragment>
            ),
          )}
        </div>
      ) : (
        <div className="panels-pending" role="status">
          <p className="muted">{t('loadingPanels')}</p>
        </div>
      )}
    </div>
  );
}
