// How standings are counted: game points, or table points with one value per place (uma: negative values
// allowed), as many places as players sit at a table under the chosen options.

import { FieldError, Input, Label, NumberField, Radio, RadioGroup, Text } from 'react-aria-components';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type NewTournamentForm, placesOf } from './new-tournament-form.ts';

export function ScoringFields({ control }: { readonly control: Control<NewTournamentForm> }) {
  const { t } = useTranslation('tournament-new');
  const kind = useWatch({ control, name: 'scoring.kind' });
  const options = useWatch({ control, name: 'options' });
  const places = placesOf(options ?? {});
  return (
    <fieldset className="tournament-new-section">
      <legend>{t('scoring')}</legend>
      <Controller
        control={control}
        name="scoring.kind"
        render={({ field, fieldState }) => (
          <RadioGroup
            className="tournament-new-radios"
            value={field.value}
            onChange={(value) => field.onChange(value)}
            name={field.name}
            isInvalid={fieldState.error !== undefined}
          >
            <Label className="field__label">{t('scoringKind')}</Label>
            <Radio value="points" className="tournament-new-radio">
              <span className="tournament-new-radio__dot" aria-hidden="true" />
              <span>
                <strong>{t('scoringPoints')}</strong>
                <span className="tournament-new-radio__help">{t('scoringPointsHelp')}</span>
              </span>
            </Radio>
            <Radio value="table-points" className="tournament-new-radio">
              <span className="tournament-new-radio__dot" aria-hidden="true" />
              <span>
                <strong>{t('scoringTable')}</strong>
                <span className="tournament-new-radio__help">{t('scoringTableHelp')}</span>
              </span>
            </Radio>
            {/* The API's refusal of the scoring as a whole (bad-scoring) */}
            <FieldError className="field__error">{fieldState.error?.message}</FieldError>
          </RadioGroup>
        )}
      />
      {kind === 'table-points' && (
        <fieldset className="tournament-new-places">
          <legend className="visually-hidden">{t('scoringTable')}</legend>
          {Array.from({ length: places }, (_, i) => (
            <Controller
              // biome-ignore lint/suspicious/noArrayIndexKey: a place is its index
              key={i}
              control={control}
              name={`scoring.values.${i}`}
              render={({ field, fieldState }) => (
                <NumberField
                  className="field tournament-new-place"
                  value={typeof field.value === 'number' ? field.value : Number.NaN}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
                  isInvalid={fieldState.error !== undefined}
                >
                  <Label className="field__label">{t('place', { place: i + 1 })}</Label>
                  <Input className="field__input tournament-new-number" ref={field.ref} />
                  <FieldError className="field__error">{fieldState.error?.message}</FieldError>
                </NumberField>
              )}
            />
          ))}
          <Text className="field__description tournament-new-places__note">
            {t('placesNote', { count: places })}
          </Text>
        </fieldset>
      )}
    </fieldset>
  );
}
