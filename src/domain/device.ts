/**
 * A signed-in device as a person recognises it, from the browser's User-Agent at sign-in: 'Chrome on Android',
 * 'Safari on iPhone'. Only the browser family and the system are kept: enough to tell one's phone from one's laptop,
 * nothing that fingerprints the device. An unknown agent reads as 'A browser'.
 */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (browser === null) return system === null ? 'A browser' : `A browser on ${system}`;
  return system === null ? browser : `${browser} on ${system}`;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome, Chrome also says Safari, and iPhones say Mac OS.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/(?:\b|Headless)Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];
