import { STORAGE_TYPES, STORED_ITEMS, type Item } from './catalog-logistics';
import type { Rng } from './rng';

export interface SimStack {
  item: Item;
  amount: number;
}

export interface SimContainer {
  id: string;
  type: (typeof STORAGE_TYPES)[number];
  x: number;
  y: number;
  z: number;
  rotation: number;
  /** One entry per item held (FRM groups the stacks of an item), amounts may be 0 (then not listed). */
  contents: SimStack[];
}

/** A points track of the AWESOME Sink ("Resource" or "Exploration"). */
export interface SinkTrack {
  name: 'Resource' | 'Exploration';
  /** Points earned since the save began. */
  total: number;
  /** Points collected towards the next coupon. */
  progress: number;
  /** Coupons this track has earned so far (sets the next coupon's price). */
  earned: number;
  /** Points per minute of the last ten minutes, oldest first; the last one is the current rate. */
  graph: number[];
  /** The rate the next minutes' values are drawn around; the control API sets it. */
  rate: number;
}

export interface SimSinkBuilding {
  id: string;
  circuit: number;
  x: number;
  y: number;
  z: number;
}

/**
 * Points the next coupon costs after `earned` coupons: 1000, rising with the square of every third coupon (the
 * game's curve as players document it; close enough for figures that only have to move the way the game's do).
 */
export function couponCost(earned: number): number {
  return 1000 + 500 * Math.floor(earned / 3) ** 2;
}

export function createContainers(r: Rng): SimContainer[] {
  return Array.from({ length: r.int(3, 10) }, (_, i) => {
    const type = r.pick(STORAGE_TYPES);
    const kinds = r.int(1, 4);
    const contents: SimStack[] = [];
    for (let k = 0; k < kinds; k++) {
      const item = r.pick(STORED_ITEMS);
      if (contents.some((s) => s.item === item)) continue;
      contents.push({ item, amount: r.int(1, Math.floor(type.slots / kinds) * item.stack) });
    }
    return {
      id: `${type.className}_${2147395400 + i * 17}`,
      type,
      x: r.between(-200000, 200000),
      y: r.between(-200000, 200000),
      z: r.between(-3000, 12000),
      rotation: r.pick([0, 90, 180, 270]),
      contents,
    };
  });
}

/** The dimensional depot's contents: a few items, each up to its upload limit. */
export function createDepot(r: Rng): SimStack[] {
  return STORED_ITEMS.filter(() => r.chance(0.35)).map((item) => ({ item, amount: r.int(0, item.stack * 5) }));
}

export function createSinkTrack(name: SinkTrack['name'], r: Rng, rate: number, earned: number): SinkTrack {
  let total = 0;
  for (let n = 0; n < earned; n++) total += couponCost(n);
  const progress = Math.floor(couponCost(earned) * r.next());
  const graph = Array.from({ length: 10 }, () => Math.round(rate * r.between(0.9, 1.1)));
  return { name, total: total + progress, progress, earned, graph, rate };
}

/** One or two AWESOME Sinks on the world's circuits. */
export function createSinkBuildings(r: Rng, circuits: number): SimSinkBuilding[] {
  return Array.from({ length: r.int(1, 2) }, (_, i) => ({
    id: `Build_ResourceSink_C_${2146243200 + i * 29}`,
    circuit: r.int(0, circuits - 1),
    x: r.between(-250000, 250000),
    y: r.between(-250000, 250000),
    z: r.between(-500, 3000),
  }));
}

/** One second of a track: the current rate's points, and a coupon each time the progress passes the price. */
export function stepSinkTrack(track: SinkTrack, r: Rng, newMinute: boolean): number {
  if (newMinute) {
    track.graph.shift();
    track.graph.push(Math.max(0, Math.round(track.rate * r.between(0.9, 1.1))));
  }
  const perSecond = (track.graph[track.graph.length - 1] ?? 0) / 60;
  track.total += perSecond;
  track.progress += perSecond;
  let coupons = 0;
  while (track.progress >= couponCost(track.earned)) {
    track.progress -= couponCost(track.earned);
    track.earned++;
    coupons++;
  }
  return coupons;
}

/** One second of storage: now and then an item is taken out of a container or put in; the depot fills slowly. */
export function stepStorage(containers: SimContainer[], depot: SimStack[], r: Rng): void {
  if (containers.length > 0 && r.chance(0.2)) {
    const container = containers[Math.floor(r.next() * containers.length)];
    const stack = container?.contents[Math.floor(r.next() * container.contents.length)];
    if (container && stack) {
      const room = Math.floor(container.type.slots / container.contents.length) * stack.item.stack;
      stack.amount = Math.min(room, Math.max(0, stack.amount + Math.round(r.between(-0.1, 0.1) * stack.item.stack)));
    }
  }
  if (depot.length > 0 && r.chance(0.05)) {
    const stack = depot[Math.floor(r.next() * depot.length)];
    if (stack) stack.amount = Math.min(stack.item.stack * 5, stack.amount + r.int(1, 20));
  }
}
