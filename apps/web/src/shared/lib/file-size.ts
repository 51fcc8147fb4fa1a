import type { Language } from './api-contract';

/** "12 kB", "1,4 MB" in the store's locale. */
export function formatFileSize(bytes: number, language: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return sizeFormat(language, units[unit] ?? 'byte', 1).format(value);
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** A formatter of sizes in one unit, made once (making one costs far more than using it). */
export function sizeFormat(language: string, unit: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${language}:${unit}:${maximumFractionDigits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits });
    sizeFormats.set(key, format);
  }
  return format;
}
