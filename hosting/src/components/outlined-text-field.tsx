import {
  useId,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';

interface Props {
  id?: string;
  label: string;
  placeholder?: string;
  value?: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  /** As TextField's: the input (adornments), the <input> element's attributes, the label. */
  slotProps?: {
    input?: Partial<OutlinedInputProps> & { ref?: Ref<unknown> };
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
    inputLabel?: Record<string, unknown>;
  };
}

/**
 * MUI's outlined TextField, made of the parts TextField is made of (label, outlined input, helper text,
 * the same ids and classes). TextField itself also brings the Select and its menu, which the search
 * fields of every signed-in page never use: about 9 KB gzipped.
 */
export function OutlinedTextField({
  id: idProp,
  label,
  helperText,
  error,
  fullWidth,
  size,
  disabled,
  slotProps,
  ...input
}: Props) {
  const generated = useId();
  const id = idProp ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth={fullWidth}
      size={size}
      error={error}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        {...input}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
