// The rule presets as a radio group of cards: each names its rule text (the seed file it follows) and version.
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Preset } from './preset-options.ts';

interface Props {
  readonly presets: readonly Preset[];
  readonly value: string;
  readonly onChange: (id: string) => void;
}

export function PresetChooser({ presets, value, onChange }: Props) {
  const { t } = useTranslation('tournament-new');
  return (
    <RadioGroup className="tournament-new-presets" value={value} onChange={onChange} name="preset">
      <Label className="field__label">{t('preset')}</Label>
      <div className="tournament-new-presets__list">
        {presets.map((preset) => (
          <Radio key={preset.id} value={preset.id} className="tournament-new-preset">
            <span className="tournament-new-radio__dot" aria-hidden="true" />
            <span className="tournament-new-preset__text">
              <strong>{t(`presets.${preset.id}`, { defaultValue: preset.id })}</strong>
              <code className="tournament-new-option__code">{preset.id}</code>
              <span className="tournament-new-preset__meta">
                {t('presetMeta', { seed: preset.seed, version: preset.version })}
              </span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
