import { lowerBound, type AlignedData } from './series';

/**
 * Min/max decimation for long ranges: a canvas cannot show more than a few values per pixel column, so each column
 * (bucket of time) keeps, per series, its first, last, lowest and highest sample (M4). The line then looks the same
 * as with every sample, peaks and dips included. A gap is never dropped: the first `null` of every run of nulls is
 * kept, so values on either side of a gap stay apart.
 *
 * The kept indices are the union over the series: a kept time carries every series' real value at that time.
 */
export function decimate(data: AlignedData, from: number, to: number, buckets: number): AlignedData {
  // One sample beyond each edge, so lines run to the edges of the plot instead of stopping short.
  const i0 = Math.max(0, lowerBound(data.t, from) - 1);
  const i1 = Math.min(data.t.length, lowerBound(data.t, to + 1) + 1);
  const count = i1 - i0;
  const n = Math.max(1, Math.floor(buckets));
  if (count <= 4 * n || to <= from) return pick(data, range(i0, i1));

  const keep = new Set<number>([i0, i1 - 1]);
  const bucketOf = (t: number) => Math.min(n - 1, Math.max(0, Math.floor(((t - from) / (to - from)) * n)));
  for (const column of data.values) {
    let bucket = -1;
    let first = -1;
    let last = -1;
    let min = -1;
    let max = -1;
    let inGap = false;
    const flush = () => {
      for (const i of [first, last, min, max]) if (i >= 0) keep.add(i);
    };
    for (let i = i0; i < i1; i++) {
      const b = bucketOf(data.t[i]!);
      if (b !== bucket) {
        flush();
        bucket = b;
        first = last = min = max = -1;
      }
      const v = column[i];
      if (v === undefined) continue;
      if (v === null) {
        if (!inGap) keep.add(i);
        inGap = true;
        continue;
      }
      inGap = false;
      if (first < 0) first = i;
      last = i;
      if (min < 0 || v < (column[min] as number)) min = i;
      if (max < 0 || v > (column[max] as number)) max = i;
    }
    flush();
  }
  return pick(
    data,
    [...keep].sort((a, b) => a - b),
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

function pick(data: AlignedData, indices: number[]): AlignedData {
  return { t: indices.map((i) => data.t[i]!), values: data.values.map((c) => indices.map((i) => c[i])) };
}
