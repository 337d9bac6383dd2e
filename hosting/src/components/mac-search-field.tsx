import { useRef, useState, type FormEvent } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { normalizeMac } from '@insight/common/mac';
import { usePreferences } from '../providers/preferences-provider';
import { useAllCallsReported } from '../lib/tracked-calls';
import { useSlashShortcut } from '../hooks/use-slash-shortcut';
import { OutlinedTextField } from './outlined-text-field';

interface Props {
  /** Focus this field when '/' is pressed outside another input. */
  shortcut?: boolean;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  onSearch?: (mac: string) => void;
  id: string;
}

/** MAC entry: accepts any common spelling, normalises it and opens /i/mac/{mac}. */
export function MacSearchField({ shortcut = false, size = 'medium', autoFocus, onSearch, id }: Props) {
  const { t } = useTranslation();
  const { href } = usePreferences();
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // docs/requirements.md, "MAC entry and global search": search is enabled only once all tracked API calls have reported.
  const ready = useAllCallsReported();

  useSlashShortcut(input, shortcut);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    const mac = normalizeMac(value);
    if (!mac) {
      setError(true);
      return;
    }
    setError(false);
    setValue('');
    onSearch?.(mac);
    navigate(href(`/i/mac/${mac}`));
  }

  return (
    <form onSubmit={submit} role="search" noValidate style={{ width: '100%' }}>
      <OutlinedTextField
        id={id}
        inputRef={input}
        fullWidth
        size={size}
        autoFocus={autoFocus}
        label={t('macSearch.label')}
        placeholder={t('macSearch.placeholder')}
        value={value}
        error={error}
        helperText={
          error ? t('macSearch.invalid') : shortcut && size === 'medium' ? t('macSearch.shortcut') : undefined
        }
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(false);
        }}
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'characters', autoComplete: 'off', maxLength: 40 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={t('macSearch.submit')} disabled={!ready}>
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </form>
  );
}
