import { ScoreBadge } from '../../../components/score-badge';
import { useDeviceScores } from '../../../hooks/use-device-scores';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Autocomplete, Box, Chip, CircularProgress, IconButton, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { formatMac, normalizeMac } from '@insight/common/mac';
import type { SearchResult } from '@insight/common/search';
import { SEARCH_QUERY_MAX } from '@insight/common/search-limits';
import { OutlinedTextField } from '../../../components/outlined-text-field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSlashShortcut } from '../../../hooks/use-slash-shortcut';
import { useAllCallsReported } from '../../../lib/tracked-calls';
import { usePreferences } from '../../../providers/preferences-provider';
import { fetchCustomerSearch, useCustomerSearch } from '../api/search-customers';

/** How long typing must pause before the suggestions are asked for. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The query the API takes for what is typed (trimmed), or null (too short, too long, …). */
type QueryOf = (text: string) => string | null;
let queryOf: QueryOf | null = null;

/**
 * The API's own query schema checks what is typed. It brings zod, so it loads when the field is first
 * focused or typed into, not with every signed-in page.
 */
function loadQueryOf(): Promise<QueryOf> {
  return import('@insight/common/search').then(({ searchQuerySchema }) => {
    queryOf ??= (text) => {
      const parsed = searchQuerySchema.shape.q.safeParse(text);
      return parsed.success ? parsed.data : null;
    };
    return queryOf;
  });
}

export interface GlobalSearchFieldProps {
  id: string;
  /** Focus this field when '/' is pressed outside another input. */
  shortcut?: boolean;
  /** What was typed before this field was there (global-search-slot.tsx), its focus, and an Enter pressed. */
  initialText?: string;
  autoFocus?: boolean;
  submitOnMount?: boolean;
}

/**
 * The top-bar search: suggestions as you type (MAC, account, billing account, phone, name or address),
 * each opening that device's 360 view. Enter on a full MAC opens it directly; Enter on other text opens
 * the first suggestion for that text (the highlighted one), or the one chosen with the arrow keys.
 */
export function GlobalSearchField({
  id,
  shortcut = false,
  initialText = '',
  autoFocus = false,
  submitOnMount = false,
}: GlobalSearchFieldProps) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  const { href } = usePreferences();
  const [, navigate] = useLocation();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const typed = useRef(initialText);
  const keyboardPick = useRef(false);
  // docs/requirements.md, "MAC entry and global search": search is enabled only once all tracked API calls have reported.
  const ready = useAllCallsReported();
  useSlashShortcut(input, shortcut);

  const [, setChecking] = useState(queryOf !== null);
  const prepare = () => {
    if (!queryOf) void loadQueryOf().then(() => setChecking(true));
  };
  const query = queryOf ? queryOf(text) : null;
  // Taking over from the first paint's plain field: its focus, caret and text, and an Enter pressed there.
  useEffect(() => {
    if (autoFocus && input.current) {
      input.current.focus();
      input.current.setSelectionRange(initialText.length, initialText.length);
    }
    if (initialText) prepare();
    if (submitOnMount) void submitText();
    // Once, as the field appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(settled);
  // Earlier answers stay in the list while the next one loads; `fresh` says they answer what is typed.
  const fresh = query !== null && search.data?.query === query;
  const failed = query !== null && settled === query && search.error !== undefined;
  const options = query === null || failed ? [] : (search.data?.results ?? []);
  const loading = query !== null && !fresh && !failed;
  // Each result's score at its device's last look (one read for the list).
  const scores = useDeviceScores(options.map((option) => option.mac));

  function open360(mac: string) {
    if (!ready) return;
    setText('');
    typed.current = '';
    setOpen(false);
    setHint(false);
    navigate(href(`/i/mac/${mac}`));
  }

  /** Enter or the search button on typed text. */
  async function submitText() {
    const mac = normalizeMac(text);
    if (mac) return open360(mac);
    const checked = (queryOf ?? (await loadQueryOf()))(text);
    if (checked === null) {
      setHint(true);
      return setOpen(true);
    }
    if (fresh) return options[0] ? open360(options[0].mac) : setOpen(true);
    // Typed faster than the suggestions: ask now, and open the first answer if the text is unchanged.
    const answer = await fetchCustomerSearch(checked).catch(() => null);
    if (typed.current !== text) return;
    if (answer?.results[0]) open360(answer.results[0].mac);
    else setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // A suggestion chosen with the arrow keys (or the highlighted answer to this very text) is MUI's to select.
    if (keyboardPick.current || (fresh && options.length > 0 && !normalizeMac(text))) return;
    event.defaultMuiPrevented = true;
    event.preventDefault();
    void submitText();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submitText();
  }

  const matchedLabel = (option: SearchResult) => {
    const label = t(`globalSearch.matched.${option.matched}`);
    if (option.matched === 'phone' && option.phone) return `${label} ${option.phone}`;
    if (option.matched === 'billingAccount' && option.billingAccount)
      return `${label} ${option.billingAccount}`;
    return label;
  };

  return (
    <form onSubmit={onSubmit} role="search" noValidate style={{ width: '100%' }}>
      <Autocomplete<SearchResult, false, false, false>
        id={id}
        size="small"
        fullWidth
        autoHighlight
        clearOnBlur={false}
        forcePopupIcon={false}
        options={options}
        // The service has ranked and filtered them already.
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.mac}
        isOptionEqualToValue={(option, value) => option.mac === value.mac}
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'input' && reason !== 'clear') return;
          prepare();
          setText(value);
          typed.current = value;
          setHint(false);
          keyboardPick.current = false;
        }}
        onHighlightChange={(_event, option, reason) => {
          keyboardPick.current = reason === 'keyboard' && option !== null;
        }}
        onChange={(_event, option) => {
          if (option) open360(option.mac);
        }}
        // Open while there is something to search, or to say what the field takes.
        open={open && (query !== null || hint)}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onKeyDown={onKeyDown}
        loading={loading}
        loadingText={t('globalSearch.searching')}
        noOptionsText={
          failed
            ? t('globalSearch.error', { message: te(`codes.${search.error!.code}`) })
            : query === null
              ? t('globalSearch.pickOrMac')
              : t('globalSearch.noResults', { query })
        }
        renderOption={({ key, ...props }, option) => (
          <Box
            component="li"
            key={key}
            {...props}
            data-testid={`search-option-${option.mac}`}
            sx={{ gap: 1 }}
          >
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {option.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {formatMac(option.mac)} · {t('globalSearch.account', { number: option.customerAccount })}
              </Typography>
              {option.address && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {option.address}
                </Typography>
              )}
            </Box>
            <ScoreBadge score={scores[option.mac]} testId={`search-score-${option.mac}`} />
            <Chip size="small" variant="outlined" label={matchedLabel(option)} />
          </Box>
        )}
        renderInput={(params) => (
          <OutlinedTextField
            {...params}
            inputRef={input}
            onFocus={prepare}
            label={t('globalSearch.label')}
            placeholder={t('globalSearch.placeholder')}
            error={hint}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <IconButton
                    type="submit"
                    size="small"
                    edge="start"
                    aria-label={t('globalSearch.submit')}
                    disabled={!ready}
                  >
                    {loading ? <CircularProgress size={20} aria-hidden /> : <SearchIcon fontSize="small" />}
                  </IconButton>
                ),
              },
              htmlInput: {
                ...params.slotProps.htmlInput,
                spellCheck: false,
                autoComplete: 'off',
                maxLength: SEARCH_QUERY_MAX,
                // The page-wide key that focuses it, told to assistive technology.
                'aria-keyshortcuts': shortcut ? '/' : undefined,
              },
            }}
          />
        )}
      />
    </form>
  );
}
