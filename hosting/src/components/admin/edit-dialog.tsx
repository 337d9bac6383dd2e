import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useValidationText } from '../../lib/validation-text';
import { useDateLanguage } from '../../lib/date';
import { dateTimeText, parseDateTimeText } from './date-time-text';

export interface FormField {
  name: string;
  label: string;
  kind?: 'text' | 'select' | 'checkbox' | 'datetime';
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** E.g. the id of a row being edited: it names the document and cannot change. */
  disabled?: boolean;
  helperText?: string;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  /** A text of several lines (a text field only): it grows with what is typed. */
  multiline?: boolean;
}

interface Props<S extends z.ZodType<FieldValues, FieldValues>> {
  open: boolean;
  title: string;
  /** The entity's schema from common/ (plus the screen's cross-row checks): the form's only validator. */
  schema: S;
  /** The values the form opens with (a field left out starts empty, e.g. a choice not made yet). */
  defaultValues: DefaultValues<z.input<S>>;
  fields: readonly FormField[];
  /** A warning about the values as typed (e.g. 'Caution: if ID exists…'), or null. */
  notice?: (values: z.input<S>) => string | null;
  /** Shown under the fields, from the values as typed (e.g. what a draft rule would grade). */
  aside?: (values: z.input<S>) => ReactNode;
  /** Saves; resolves false when the write failed (the form stays open, nothing is lost). */
  onSubmit(values: z.output<S>): Promise<boolean>;
  onClose(): void;
  testId: string;
}

/**
 * A date and time typed as the portal shows it in the current language (`11/26/26, 02:02 PM`, `2026-11-26
 * 14 h 02`; ISO 8601 too): the text is the field's own while it is typed, the form
 * holds the date it gives (an invalid one, refused by the schema, until it is one).
 */
function DateTimeField({
  value,
  onChange,
  error,
  helperText,
  testId,
  ...props
}: {
  value: unknown;
  onChange(value: Date | null): void;
  onBlur(): void;
  label: string;
  name: string;
  inputRef: React.Ref<HTMLInputElement>;
  disabled?: boolean;
  error: string | undefined;
  helperText?: string;
  testId: string;
  sx?: object;
}) {
  const { t } = useTranslation('common');
  const language = useDateLanguage();
  const [text, setText] = useState(() => dateTimeText(value, language));
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDateTimeText(event.target.value, language));
      }}
      placeholder={t('dates.dateTime')}
      error={Boolean(error)}
      helperText={error ?? helperText ?? t('dates.dateTime')}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
    />
  );
}

/** The edit dialog of every admin list: one form library, the common/ schema, translated messages. */
export function EditDialog<S extends z.ZodType<FieldValues, FieldValues>>({
  open,
  title,
  schema,
  defaultValues,
  fields,
  notice,
  aside,
  onSubmit,
  onClose,
  testId,
}: Props<S>) {
  const { t } = useTranslation();
  const message = useValidationText();
  const titleId = useId();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (open) reset(defaultValues);
    // Reset only when the dialog opens: defaultValues is a new object on every render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const values = useWatch({ control }) as z.input<S>;
  const warning = notice?.(values);
  const busy = formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      data-testid={testId}
      fullWidth
      maxWidth="md"
    >
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(async (parsed) => {
          if (await onSubmit(parsed)) onClose();
        })}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {warning && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${testId}-notice`}>
              {warning}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {fields.map((field, index) => (
              <Controller
                key={field.name}
                name={field.name as never}
                control={control}
                render={({ field: input, fieldState }) => {
                  const error = message(fieldState.error?.message);
                  const common = {
                    sx: field.wide ? { gridColumn: '1 / -1' } : undefined,
                  };
                  if (field.kind === 'checkbox')
                    return (
                      <Box {...common}>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={Boolean(input.value)}
                              onChange={(event) => input.onChange(event.target.checked)}
                              onBlur={input.onBlur}
                              disabled={field.disabled}
                              slotProps={{ input: { 'data-testid': `field-${field.name}` } as never }}
                            />
                          }
                          label={field.label}
                        />
                        {(error ?? field.helperText) && (
                          <FormHelperText error={Boolean(error)}>{error ?? field.helperText}</FormHelperText>
                        )}
                      </Box>
                    );
                  const isDate = field.kind === 'datetime';
                  const multiline = Boolean(field.multiline) && (field.kind ?? 'text') === 'text';
                  if (isDate)
                    return (
                      <DateTimeField
                        {...common}
                        label={field.label}
                        name={input.name}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        inputRef={input.ref}
                        disabled={field.disabled}
                        error={error}
                        helperText={field.helperText}
                        testId={`field-${field.name}`}
                      />
                    );
                  return (
                    <TextField
                      {...common}
                      select={field.kind === 'select'}
                      type="text"
                      label={field.label}
                      name={input.name}
                      value={(input.value as string | null) ?? ''}
                      onChange={(event) => input.onChange(event.target.value)}
                      onBlur={input.onBlur}
                      inputRef={input.ref}
                      disabled={field.disabled}
                      multiline={multiline}
                      minRows={multiline ? 2 : undefined}
                      autoFocus={index === 0 && !field.disabled}
                      error={Boolean(error)}
                      helperText={error ?? field.helperText}
                      size="small"
                      fullWidth
                      slotProps={{
                        htmlInput:
                          field.kind === 'select' ? undefined : { 'data-testid': `field-${field.name}` },
                        // A select shows its empty choice's label (e.g. 'Default'), so its label stays up.
                        inputLabel: field.kind === 'select' ? { shrink: true } : undefined,
                        select: {
                          displayEmpty: true,
                          SelectDisplayProps: { 'data-testid': `field-${field.name}` } as object,
                          MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
                        },
                      }}
                    >
                      {field.kind === 'select' &&
                        (field.options ?? []).map((option) => (
                          <MenuItem key={option.value} value={option.value}>
                            {option.label}
                          </MenuItem>
                        ))}
                    </TextField>
                  );
                }}
              />
            ))}
          </Box>
          {aside?.(values)}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('adminKit.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-save`}>
            {t('adminKit.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
