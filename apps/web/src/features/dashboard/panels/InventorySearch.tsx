import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ErrorNotice';
import type { GetAnswer } from '../../../lib/api/client';
import { num } from '../../../lib/format';
import { get, sourceKey, type DataSource } from '../../../live/source';
import type { DataOf } from '../../../live/store';
import { AddonPanel, ScrollTable, type PanelContext } from '../common';
import { livePanel } from '../live-panel';

/** One item of GET …/world-inventory?q=: its totals and the containers holding it (the API's document). */
export type InventoryHit = GetAnswer<'/api/v1/servers/{id}/world-inventory'>[number];

/** The API's limit on `q`. */
export const MAX_QUERY = 100;
/** Items listed at once; a broader search says how many more matched. */
const SHOWN = 20;
/** Quick picks: the items held most, when nothing is searched yet. */
const PICKS = 8;
const DEBOUNCE_MS = 300;

/** The search as a query: read again for a new text or a new inventory poll, the last answer kept meanwhile. */
export const inventorySearchQuery = (src: DataSource, q: string, pollTime: number | null) => ({
  queryKey: [...sourceKey(src), 'world-inventory', q, pollTime] as const,
  queryFn: () => get<InventoryHit[]>(src, `/world-inventory?q=${encodeURIComponent(q)}`),
  placeholderData: keepPreviousData,
  staleTime: Infinity,
  gcTime: 60_000,
});

/** Centimetres to whole metres, as the players panel shows positions. */
const metres = (cm: number) => num(cm / 100, 0);

function Hit(props: { hit: InventoryHit }) {
  const { t } = useTranslation('dashboard');
  const h = props.hit;
  const title = t('inventorySearch.containersOf', { item: h.item_name });
  return (
    <li className="inventory-hit" data-testid="inventory-hit" data-item={h.item_class}>
      <h3>{h.item_name}</h3>
      <p className="small">
        {t('inventorySearch.totals', { stored: num(h.amount, 1), depot: num(h.cloud_amount, 1) })}
      </p>
      {h.containers.length === 0 ? (
        <p className="muted small">
          {h.cloud_amount > 0 ? t('inventorySearch.onlyDepot') : t('inventorySearch.noContainer')}
        </p>
      ) : (
        <ScrollTable title={title}>
          <table className="table table-compact">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('inventorySearch.container')}</th>
                <th scope="col" className="num">
                  {t('inventorySearch.amount')}
                </th>
                <th scope="col">{t('inventorySearch.position')}</th>
              </tr>
            </thead>
            <tbody>
              {h.containers.map((c) => (
                <tr key={c.container_id} data-testid="inventory-container">
                  <th scope="row" title={c.class_name}>
                    {c.container_name || c.container_id}
                  </th>
                  <td className="num">{num(c.amount, 1)}</td>
                  <td className="mono small">
                    {t('inventorySearch.at', { x: metres(c.pos_x), y: metres(c.pos_y), z: metres(c.pos_z) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </li>
  );
}

function Results(props: { src: DataSource; q: string; pollTime: number | null }) {
  const { t } = useTranslation('dashboard');
  const query = useQuery(inventorySearchQuery(props.src, props.q, props.pollTime));
  if (query.error)
    return <ErrorNotice error={query.error} title={t('inventorySearch.failed')} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <p className="muted" role="status">
        {t('inventorySearch.searching')}
      </p>
    );
  const hits = query.data;
  return (
    <div aria-busy={query.isFetching} data-testid="inventory-results">
      <p className="muted small" role="status">
        {hits.length === 0
          ? t('inventorySearch.none', { q: props.q })
          : t('inventorySearch.found', { count: hits.length, q: props.q })}
      </p>
      <ul className="inventory-hits">
        {hits.slice(0, SHOWN).map((h) => (
          <Hit key={h.item_class} hit={h} />
        ))}
      </ul>
      {hits.length > SHOWN && (
        <p className="muted small">{t('inventorySearch.more', { count: hits.length - SHOWN })}</p>
      )}
    </div>
  );
}

function Picks(props: { items: DataOf<'inventory'>; onPick: (name: string) => void }) {
  const { t } = useTranslation('dashboard');
  const top = [...props.items].sort((a, b) => b.amount + b.cloudAmount - (a.amount + a.cloudAmount)).slice(0, PICKS);
  if (top.length === 0) return <p className="muted">{t('inventorySearch.emptyWorld')}</p>;
  return (
    <div className="inventory-picks">
      <p className="muted small">{t('inventorySearch.mostHeld')}</p>
      <ul className="chips">
        {top.map((i) => (
          <li key={i.itemClass}>
            <button type="button" className="btn btn-small" onClick={() => props.onPick(i.itemName)}>
              {t('inventorySearch.pick', { item: i.itemName, amount: num(i.amount + i.cloudAmount, 0) })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Where is my X": a search over the world inventory listing totals, the depot and each container holding it. */
function InventorySearchView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const { live, src } = props.ctx;
  const pollTime = live.kinds.inventory?.time ?? null;
  const storage = live.kinds.storage?.data ?? null;

  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setQ(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // form-without-validation: search (any text is a query; Enter searches at once instead of after the pause)
  return (
    <AddonPanel
      ctx={props.ctx}
      kind="inventory"
      id="inventory"
      title={t('inventorySearch.title')}
      className="panel-wide"
    >
      {(items) => (
        <>
          <form
            role="search"
            className="toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              setQ(text.trim());
            }}
          >
            <label className="inline-field" htmlFor={`${id}-q`}>
              {t('inventorySearch.label')}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              className="inventory-input"
              value={text}
              maxLength={MAX_QUERY}
              placeholder={t('inventorySearch.example')}
              onChange={(e) => setText(e.target.value)}
              data-testid="inventory-q"
            />
            <span className="muted small">
              {storage
                ? t('inventorySearch.summary', {
                    items: num(items.length, 0),
                    containers: num(storage.containers, 0),
                  })
                : t('inventorySearch.summaryItems', { items: num(items.length, 0) })}
            </span>
          </form>
          {q ? (
            <Results src={src} q={q} pollTime={pollTime} />
          ) : (
            <Picks
              items={items}
              onPick={(name) => {
                setText(name);
                setQ(name);
              }}
            />
          )}
        </>
      )}
    </AddonPanel>
  );
}

export const InventorySearch = livePanel(InventorySearchView, { kinds: ['inventory', 'storage'] });
