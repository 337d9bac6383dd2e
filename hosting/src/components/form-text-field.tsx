import { TextField, type TextFieldProps } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A MUI text field (or select, with `select` and options as children) held by a react-hook-form form. */
export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
}) {
  const { field } = useController({ control, name });
  return <TextField {...props} {...field} inputRef={field.ref} />;
}
