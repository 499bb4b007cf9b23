/** A browser and a system recognised in a user agent (names are brands: the same in every language). */
export interface Device {
  browser: string | null;
  system: string | null;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux"; headless Chromium
// says "HeadlessChrome".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (agent: string, table: [RegExp, string][]) => table.find(([re]) => re.test(agent))?.[1] ?? null;

/** What a session's user agent says about the device it signed in from (nulls when unknown). */
export function deviceOf(agent: string | null): Device {
  if (!agent) return { browser: null, system: null };
  return { browser: first(agent, BROWSERS), system: first(agent, SYSTEMS) };
}
