import { IconButton } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedTextField } from '../../../components/outlined-text-field';
import { useSlashShortcut } from '../../../hooks/use-slash-shortcut';
import { isSlowConnection } from '../../../lib/lazy-page';
import type { GlobalSearchFieldProps } from './global-search-field';

type Field = ComponentType<GlobalSearchFieldProps>;
let loaded: Field | null = null;
const load = (): Promise<Field> =>
  import('./global-search-field').then((module) => (loaded = module.GlobalSearchField));

/**
 * The top-bar search as the page first paints: a plain field that looks like the search, while the
 * suggestions' code (MUI's Autocomplete and its popper, a third of a signed-in page's first load) loads
 * when the browser is idle, or at once when the field is focused, pointed at or typed into (on a slow
 * connection, only then). What was typed meanwhile, the focus and a pressed Enter carry over to the
 * search field once it is there.
 */
export default function GlobalSearchSlot({ id, shortcut = false }: { id: string; shortcut?: boolean }) {
  const { t } = useTranslation();
  const [Field, setField] = useState<Field | null>(() => loaded);
  const [draft, setDraft] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useSlashShortcut(input, shortcut && Field === null);

  const want = () => {
    if (!loaded) void load().then((field) => setField(() => field));
    else setField(() => loaded);
  };
  useEffect(() => {
    if (loaded || isSlowConnection()) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(want);
    return () => cancel(handle);
  }, []);

  if (Field)
    return (
      <Field id={id} shortcut={shortcut} initialText={draft} autoFocus={focused} submitOnMount={submitted} />
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    want();
  };
  return (
    <form onSubmit={onSubmit} role="search" noValidate style={{ width: '100%' }}>
      <OutlinedTextField
        id={id}
        size="small"
        fullWidth
        inputRef={input}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        label={t('globalSearch.label')}
        placeholder={t('globalSearch.placeholder')}
        slotProps={{
          input: {
            onPointerEnter: want,
            startAdornment: (
              <IconButton type="submit" size="small" edge="start" aria-label={t('globalSearch.submit')}>
                <SearchIcon fontSize="small" />
              </IconButton>
            ),
          },
          htmlInput: {
            spellCheck: false,
            autoComplete: 'off',
            onBlur: () => setFocused(false),
            // The page-wide key that focuses it, told to assistive technology.
            'aria-keyshortcuts': shortcut ? '/' : undefined,
          },
        }}
      />
    </form>
  );
}
