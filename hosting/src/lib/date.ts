import { useCallback, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDateTime, formatTime, type Language } from '@insight/common/format';

/** The current language, as the formatters of common/src/format.ts take it. */
export function useDateLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'en';
}

/**
 * The one date formatter of the web app (docs/decisions/0013-dates-as-each-language-reads-them.md): English
 * `11/26/26, 02:02 PM`, French `2026-11-26 14 h 02`, in the browser's zone.
 */
export function useFormatDateTime(): (value: Date | number | string) => string {
  const language = useDateLanguage();
  // Stable per language: tables memoise their columns on it.
  return useCallback((value) => formatDateTime(value, language), [language]);
}

/** The time of day alone, as useFormatDateTime writes it: English `02:02 PM`, French `14 h 02`. */
export function useFormatTime(): (value: Date | number | string) => string {
  const language = useDateLanguage();
  return useCallback((value) => formatTime(value, language), [language]);
}

/**
 * A grid column's dates: shown as useFormatDateTime writes them (the cell), written in ISO 8601
 * `2026-11-26 14:02` by the CSV export, whatever the language (the column's formatted value, which the
 * quick search reads too). `empty` stands for no date. Stable per language and `empty`.
 */
export function useDateCells(
  empty = '',
): Required<Pick<GridColDef, 'valueFormatter' | 'renderCell'>> {
  const language = useDateLanguage();
  return useMemo(
    () => ({
      valueFormatter: (value: Date | string | null | undefined) => (value ? formatIsoDateTime(value) : empty),
      renderCell: ({ value }: { value?: Date | string | null }) =>
        value ? formatDateTime(value, language) : empty,
    }),
    [language, empty],
  );
}

/** How near now a moment is for its time of day alone to say it (an outage's start, its time back). */
export const TIME_ALONE_MS = 12 * 3_600_000;

/**
 * A moment as a time of day (`02:02 PM`, `14 h 02`) when it is within TIME_ALONE_MS of now, either side,
 * else with its date, as useFormatDateTime writes it.
 */
export function useFormatWhen(now: () => number = Date.now): (value: string | number | Date) => string {
  const language = useDateLanguage();
  return useCallback(
    (value) =>
      Math.abs(new Date(value).getTime() - now()) < TIME_ALONE_MS
        ? formatTime(value, language)
        : formatDateTime(value, language),
    [language, now],
  );
}
