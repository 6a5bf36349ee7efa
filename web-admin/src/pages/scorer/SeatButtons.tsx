// The four seats as big buttons, by wind and by name (UI.md: a phone at a noisy table, one hand free): pick
// one (the discarder) or several (winners on one discard, the ready players at a draw).

import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Seat } from './api.ts';
import type { SeatView } from './table.ts';

export const WIND_GLYPHS: Readonly<Record<Seat, string>> = { E: '東', S: '南', W: '西', N: '北' };

export function SeatButtons({
  label,
  seats,
  selected,
  onChange,
  multiple = false,
  disabled = [],
  describedBy,
}: {
  readonly label: string;
  readonly seats: readonly SeatView[];
  readonly selected: readonly Seat[];
  readonly onChange: (seats: Seat[]) => void;
  readonly multiple?: boolean;
  readonly disabled?: readonly Seat[];
  readonly describedBy?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const { t: words } = useTranslation('scorer');
  return (
    <ToggleButtonGroup
      aria-label={label}
      aria-describedby={describedBy}
      className="scorer-seats"
      selectionMode={multiple ? 'multiple' : 'single'}
      selectedKeys={selected}
      onSelectionChange={(keys) => onChange([...keys] as Seat[])}
    >
      {seats.map(({ seat, name }) => (
        <ToggleButton
          key={seat}
          id={seat}
          className="scorer-seat"
          isDisabled={disabled.includes(seat)}
          aria-label={words('seat', { wind: t(`seats.${seat}`), name })}
        >
          <span className="scorer-seat__glyph" aria-hidden="true">
            {WIND_GLYPHS[seat]}
          </span>
          <span className="scorer-seat__text">
            {i18n.language !== 'zh' && <span className="scorer-seat__wind">{t(`seats.${seat}`)}</span>}
            <span className="scorer-seat__name">{name}</span>
          </span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
