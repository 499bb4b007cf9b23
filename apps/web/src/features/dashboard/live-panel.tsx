import { memo, type ComponentType } from 'react';
import { EMPTY_LIVE, type Kind, type ServerLive } from '../../live/store';
import type { PanelContext } from './common';

type LiveField = Exclude<keyof ServerLive, 'kinds'>;

/** What a panel reads of its server's live state: the kinds it shows and the fields besides them. */
export interface LiveNeeds {
  kinds: readonly Kind[];
  /** Besides status, addonStatus and addonReason, which every add-on panel reads (AddonPanel). */
  fields?: readonly LiveField[];
}

const BASE_FIELDS: readonly LiveField[] = ['status', 'addonStatus', 'addonReason'];

/** The part of `live` a panel declared: the rest is the empty state, so reading anything undeclared shows nothing. */
function viewOf(live: ServerLive, fields: readonly LiveField[], kinds: readonly Kind[]): ServerLive {
  const view: Record<string, unknown> = { ...EMPTY_LIVE, kinds: {} };
  for (const f of fields) view[f] = live[f];
  const picked: Record<string, unknown> = {};
  for (const k of kinds) if (live.kinds[k]) picked[k] = live.kinds[k];
  view.kinds = picked;
  return view as unknown as ServerLive;
}

function sameProps(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  fields: readonly LiveField[],
  kinds: readonly Kind[],
) {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (key !== 'ctx' && a[key] !== b[key]) return false;
  const x = a.ctx as PanelContext;
  const y = b.ctx as PanelContext;
  if (x.src !== y.src || x.intervals !== y.intervals || x.seedErrors !== y.seedErrors || x.readOnly !== y.readOnly)
    return false;
  for (const f of fields) if (x.live[f] !== y.live[f]) return false;
  for (const k of kinds) if (x.live.kinds[k] !== y.live.kinds[k]) return false;
  return true;
}

/**
 * A dashboard panel that renders again only when what it shows changed. The page's live state changes with every
 * poll of any kind (a dozen kinds, some every few seconds); without this each poll rendered every panel again,
 * the factory's table and the charts included, in one task of up to a second on a slow machine. The panel gets a
 * view of `live` holding only what it declared (`needs`), so a panel reading something it did not declare shows
 * it empty (and its browser test fails) instead of going stale.
 */
export function livePanel<P extends { ctx: PanelContext }>(
  Panel: ComponentType<P>,
  needs: LiveNeeds,
): ComponentType<P> {
  const fields = [...BASE_FIELDS, ...(needs.fields ?? [])];
  const View = memo(Panel, (a, b) =>
    sameProps(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>, fields, needs.kinds),
  );
  function LivePanel(props: P) {
    return <View {...props} ctx={{ ...props.ctx, live: viewOf(props.ctx.live, fields, needs.kinds) }} />;
  }
  LivePanel.displayName = `livePanel(${Panel.displayName ?? Panel.name})`;
  return LivePanel;
}
