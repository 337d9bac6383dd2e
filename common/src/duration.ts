/**
 * Durations as people say them ("about 280 days", "environ 280 jours"), never "6728 h": the unit grows
 * with the duration, and anything past an hour is rounded and said to be about that.
 */
import type { Language } from './format';

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const units = new Map<string, Intl.NumberFormat>();
function say(count: number, unit: Unit, language: Language): string {
  const key = `${language}${unit}`;
  let format = units.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'unit',
      unit,
      unitDisplay: 'long',
    });
    units.set(key, format);
  }
  return format.format(count);
}

const WORDS = {
  en: { about: 'about', lessThanMinute: 'less than a minute', ago: (text: string) => `${text} ago` },
  fr: { about: 'environ', lessThanMinute: 'moins d’une minute', ago: (text: string) => `il y a ${text}` },
} as const;

/** A duration in milliseconds, spoken: "3 minutes", "about 5 hours", "about 280 days", "about 2 years". */
export function spokenDuration(ms: number, language: Language = 'en'): string {
  const words = WORDS[language];
  const value = Math.abs(ms);
  if (value < MINUTE) return words.lessThanMinute;
  if (value < HOUR) return say(Math.round(value / MINUTE), 'minute', language);
  const about = (count: number, unit: Unit) => `${words.about} ${say(count, unit, language)}`;
  if (value < 48 * HOUR) return about(Math.round(value / HOUR), 'hour');
  // Up to a year, days are what the staff count in (a certificate "about 280 days" old).
  if (value < 365 * DAY) return about(Math.round(value / DAY), 'day');
  if (value < 730 * DAY) return about(Math.round(value / (30.44 * DAY)), 'month');
  return about(Math.round(value / (365.25 * DAY)), 'year');
}

/** How long ago, spoken: "about 280 days ago", "il y a environ 280 jours". */
export function spokenAgo(ms: number, language: Language = 'en'): string {
  return WORDS[language].ago(spokenDuration(ms, language));
}
