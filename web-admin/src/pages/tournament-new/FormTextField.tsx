// A text field bound to the form: react-aria's, with the input's ref given to react-hook-form so that a
// refused submit moves the focus to the first field in error.

import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import type { FieldPath } from 'react-hook-form';
import { type Control, Controller } from 'react-hook-form';
import type { NewTournamentForm } from './new-tournament-form.ts';

interface Props {
  readonly control: Control<NewTournamentForm>;
  readonly name: FieldPath<NewTournamentForm> & ('name' | 'tournamentId' | 'seed');
  readonly label: string;
  readonly description?: string;
  readonly isRequired?: boolean;
}

export function FormTextField({ control, name, label, description, isRequired }: Props) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          className="field"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          isInvalid={fieldState.error !== undefined}
          isRequired={isRequired ?? false}
          autoComplete="off"
          validationBehavior="aria"
        >
          <Label className="field__label">{label}</Label>
          <Input className="field__input" ref={field.ref} />
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
