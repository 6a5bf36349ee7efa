// A labelled text input with its description and error, wired for screen readers by react-aria.
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';

export interface TextFieldProps extends AriaTextFieldProps {
  readonly label: string;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  readonly multiline?: boolean;
  readonly placeholder?: string;
}

export function TextField({
  label,
  description,
  errorMessage,
  multiline,
  placeholder,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={errorMessage !== undefined || props.isInvalid} className="field">
      <Label className="field__label">{label}</Label>
      {multiline === true ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} />
      ) : (
        <Input className="field__input" placeholder={placeholder} />
      )}
      {description !== undefined && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
