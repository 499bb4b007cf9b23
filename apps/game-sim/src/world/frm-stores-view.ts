import { buildable, features, inventoryItem, powerInfo, type Json } from './frm-shapes';
import { couponCost, type SimStack, type SinkTrack } from './stores';
import type { World } from './world';

/** The inventories and the AWESOME Sink as the FRM code sends them (reference 2.6.1). */

const stacks = (contents: readonly SimStack[]): Json[] =>
  contents.filter((s) => s.amount > 0).map((s) => inventoryItem(s.item, s.amount));

/** getWorldInv: per item, the total held by the buildings getStorageInv lists (the same walk, summed). */
function worldInventory(w: World): Json[] {
  const totals = new Map<string, SimStack>();
  for (const c of w.containers) {
    for (const s of c.contents) {
      if (s.amount <= 0) continue;
      const total = totals.get(s.item.className);
      if (total) total.amount += s.amount;
      else totals.set(s.item.className, { item: s.item, amount: s.amount });
    }
  }
  return stacks([...totals.values()]);
}

function sinkTrack(track: SinkTrack, w: World): Json {
  const cost = couponCost(track.earned);
  return {
    Name: track.name,
    ClassName: 'FGResourceSinkSubsystem',
    CouponType: { Name: 'FICSIT Coupon', ClassName: 'Desc_ResourceSinkCoupon_C' },
    NumCoupon: w.coupons,
    Percent: track.progress / cost,
    GraphPoints: [...track.graph],
    TotalPoints: Math.floor(track.total),
    PointsToCoupon: Math.ceil(cost - track.progress),
  };
}

export const STORES_ENDPOINTS: Record<string, (w: World) => unknown> = {
  getWorldInv: worldInventory,
  getStorageInv: (w) =>
    w.containers.map((c) => ({
      ...buildable(c.id, c.type.name, c.type.className, c, 250, 400),
      Inventory: stacks(c.contents),
      features: features(c.type.name, 'Storage Container', c.x, c.y, c.z),
    })),
  getCloudInv: (w) => stacks(w.depot),
  getResourceSink: (w) => [sinkTrack(w.sink.resource, w)],
  getExplorationSink: (w) => [sinkTrack(w.sink.exploration, w)],
  getResourceSinkBuilding: (w) => {
    const active = w.sink.resource.graph[w.sink.resource.graph.length - 1] !== 0;
    return w.sinkBuildings.map((s) => ({
      ...buildable(s.id, 'AWESOME Sink', 'Build_ResourceSink_C', { ...s, rotation: 90 }, 800, 1300),
      PowerInfo: powerInfo(w.circuits, s.circuit, active ? 30 : 0.1, 30),
    }));
  },
};
