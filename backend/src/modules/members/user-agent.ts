/**
 * The browser and system a User-Agent names, in the words a person knows ('Safari on iOS'); a
 * simple reading of the common families, 'Unknown' for the rest. Order matters: Edge and Opera
 * also say Chrome, Chrome also says Safari, iPadOS may say Macintosh.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | undefined): { browser: string; system: string } {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown system';
  return { browser, system };
}
