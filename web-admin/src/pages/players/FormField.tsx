// A text field bound to a react-hook-form form: react-aria's, with the input's ref given to the form so that
// a refused submit moves the focus to the first field in error, and the error (ours or the API's) below it.

import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface Props<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly description?: string;
  readonly isRequired?: boolean;
  readonly multiline?: boolean;
  readonly autoFocus?: boolean;
}

export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isRequired,
  multiline,
  autoFocus,
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          className="field"
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          isInvalid={fieldState.error !== undefined}
          isRequired={isRequired ?? false}
          autoComplete="off"
          validationBehavior="aria"
          autoFocus={autoFocus ?? false}
        >
          <Label className="field__label">{label}</Label>
          {multiline === true ? (
            <TextArea className="field__input players-reason" ref={field.ref} />
          ) : (
            <Input className="field__input" ref={field.ref} />
          )}
          {description !== undefined && (
            <Text slot="description" className="field__description">
              {description}
            </Text>
          )}
          <FieldError className="field__error">{fieldState.error?.message}</FieldError>
        </TextField>
      )}
    />
  );
}
