/** A tiny trend line of the last values; nulls (failed polls) break the line. */
export function Sparkline(props: { values: (number | null)[]; width?: number; height?: number; label: string }) {
  const w = props.width ?? 84;
  const h = props.height ?? 24;
  const vals = props.values;
  const nums = vals.filter((v): v is number => v !== null);
  if (nums.length < 2) return <span className="sparkline-empty" aria-hidden="true" />;
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const span = max - min || 1;
  const x = (i: number) => (vals.length === 1 ? w / 2 : (i / (vals.length - 1)) * (w - 2) + 1);
  const y = (v: number) => h - 2 - ((v - min) / span) * (h - 4);
  const segments: string[] = [];
  let cur = '';
  vals.forEach((v, i) => {
    if (v === null) {
      if (cur) segments.push(cur);
      cur = '';
      return;
    }
    cur += `${cur ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  });
  if (cur) segments.push(cur);
  const lastIdx = vals.length - 1;
  const last = vals[lastIdx];
  return (
    <svg className="sparkline" width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.label}>
      {segments.map((d, i) => (
        <path key={i} d={d} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      ))}
      {last !== null && last !== undefined && <circle cx={x(lastIdx)} cy={y(last)} r="2" fill="currentColor" />}
    </svg>
  );
}
