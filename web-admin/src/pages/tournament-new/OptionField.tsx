// One option of the chosen preset as the control its values call for (react-aria's, for keyboard and screen
// readers), with what the rule text says of it: its description, its default, whether an amendment may change
// it for hands already played, and a mark when the organizer changed it.

import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import {
  Button as AriaButton,
  Checkbox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewTournamentForm } from './new-tournament-form.ts';
import { controlOf, type OptionControl, type PresetOption, sentValue } from './preset-options.ts';

interface Props {
  readonly option: PresetOption;
  readonly control: Control<NewTournamentForm>;
}

export function OptionField({ option, control }: Props) {
  const { t } = useTranslation('tournament-new');
  const kind = controlOf(option.schema);
  const label = t(`optionNames.${option.name}`, { defaultValue: option.name });
  const aboutId = useId();
  return (
    <Controller
      control={control}
      name={`options.${option.name}`}
      render={({ field, fieldState }) => {
        let changed = false;
        try {
          changed = sentValue(option, field.value) !== undefined;
        } catch {
          changed = true; // JSON being typed: not the default
        }
        const about = <OptionAbout option={option} kind={kind} changed={changed} />;
        const error = fieldState.error?.message;
        return (
          <div className={`tournament-new-option${changed ? ' tournament-new-option--changed' : ''}`}>
            {controlFor(kind, label, about, field, error, option.name, aboutId)}
          </div>
        );
      }}
    />
  );
}

interface FieldBinding {
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly onBlur: () => void;
  readonly name: string;
  readonly ref: (element: HTMLElement | null) => void;
}

function controlFor(
  kind: OptionControl,
  label: string,
  about: ReactNode,
  field: FieldBinding,
  error: string | undefined,
  code: string,
  aboutId: string,
) {
  const invalid = error !== undefined;
  const title = (
    <>
      {label} <code className="tournament-new-option__code">{code}</code>
    </>
  );
  switch (kind.kind) {
    case 'boolean':
      return (
        <>
          <Checkbox
            className="tournament-new-checkbox"
            isSelected={field.value === true}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref as (element: HTMLInputElement | null) => void}
            aria-describedby={aboutId}
          >
            <span className="tournament-new-checkbox__box" aria-hidden="true">
              <svg viewBox="0 0 18 18" aria-hidden="true">
                <polyline points="3 9 7 13 15 5" />
              </svg>
            </span>
            <span className="tournament-new-option__label">{title}</span>
          </Checkbox>
          <div id={aboutId} className="tournament-new-checkbox__about">
            {about}
          </div>
        </>
      );
    case 'choice':
      return (
        <Select
          className="field tournament-new-select"
          value={field.value as string | number}
          onChange={(key) => field.onChange(key)}
          onBlur={field.onBlur}
          name={field.name}
          isInvalid={invalid}
          ref={field.ref as (element: HTMLDivElement | null) => void}
        >
          <Label className="field__label tournament-new-option__label">{title}</Label>
          <AriaButton className="field__input tournament-new-select__button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </AriaButton>
          <Text slot="description">{about}</Text>
          <FieldError className="field__error">{error}</FieldError>
          <Popover className="tournament-new-select__popover">
            <ListBox className="tournament-new-select__list">
              {kind.choices.map((choice) => (
                <ListBoxItem
                  key={String(choice)}
                  id={choice}
                  className="tournament-new-select__item"
                  textValue={String(choice)}
                >
                  <ChoiceLabel choice={choice} />
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      );
    case 'number':
      return (
        <NumberField
          className="field"
          value={typeof field.value === 'number' ? field.value : Number.NaN}
          onChange={(value) => field.onChange(kind.nullable && Number.isNaN(value) ? null : value)}
          onBlur={field.onBlur}
          name={field.name}
          minValue={kind.min}
          maxValue={kind.max}
          formatOptions={{ useGrouping: false, maximumFractionDigits: kind.integer ? 0 : 6 }}
          isInvalid={invalid}
        >
          <Label className="field__label tournament-new-option__label">{title}</Label>
          <Input
            className="field__input tournament-new-number"
            ref={field.ref as (element: HTMLInputElement | null) => void}
          />
          <Text slot="description">{about}</Text>
          <FieldError className="field__error">{error}</FieldError>
        </NumberField>
      );
    case 'json':
      return (
        <TextField
          className="field"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          isInvalid={invalid}
        >
          <Label className="field__label tournament-new-option__label">{title}</Label>
          <TextArea
            className="field__input field__input--multiline tournament-new-json"
            ref={field.ref as (element: HTMLTextAreaElement | null) => void}
          />
          <Text slot="description">{about}</Text>
          <FieldError className="field__error">{error}</FieldError>
        </TextField>
      );
  }
}

function ChoiceLabel({ choice }: { readonly choice: string | number }) {
  const { t } = useTranslation('tournament-new');
  return <>{typeof choice === 'number' ? choice : t(`choices.${choice}`, { defaultValue: choice })}</>;
}

function defaultText(option: PresetOption, t: TFunction<'tournament-new'>): string {
  if (!('default' in option)) return t('noDefault');
  const value = option.default;
  const shown =
    value === null
      ? t('none')
      : typeof value === 'boolean'
        ? t(value ? 'yes' : 'no')
        : typeof value === 'string'
          ? t(`choices.${value}`, { defaultValue: value })
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  return t('defaultIs', { value: shown });
}

function OptionAbout({
  option,
  kind,
  changed,
}: {
  readonly option: PresetOption;
  readonly kind: OptionControl;
  readonly changed: boolean;
}) {
  const { t } = useTranslation('tournament-new');
  return (
    <span className="tournament-new-option__about">
      <span className="tournament-new-option__description">{option.description}</span>
      {kind.kind === 'json' && <span className="tournament-new-option__hint">{t('jsonHelp')}</span>}
      {kind.kind === 'number' && kind.nullable && (
        <span className="tournament-new-option__hint">{t('nullableHelp')}</span>
      )}
      <span className="tournament-new-option__facts">
        <span className="tournament-new-option__default">{defaultText(option, t)}</span>
        <span
          className={`tournament-new-option__amendable tournament-new-option__amendable--${option.amendable}`}
        >
          {t(`amendable.${option.amendable}`)}
        </span>
        {changed && <span className="tournament-new-option__changed">{t('changed')}</span>}
      </span>
    </span>
  );
}
