// The filters: a name search and, when players name clubs, a club. They hide rows; places stay the field's.
import {
  Button,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Filter } from './standings-rows.ts';

const ALL = '__all__';

interface StandingsFiltersProps {
  readonly filter: Filter;
  readonly onChange: (filter: Filter) => void;
  readonly clubs: readonly string[];
}

export function StandingsFilters({ filter, onChange, clubs }: StandingsFiltersProps) {
  const { t } = useTranslation('standings');
  return (
    <search className="standings__filters">
      <SearchField
        className="field standings__search"
        value={filter.search}
        onChange={(search) => onChange({ ...filter, search })}
      >
        <Label className="field__label">{t('filter.search')}</Label>
        <div className="standings__search-box">
          <Input className="field__input" />
          {filter.search !== '' && (
            <Button
              className="button button--secondary standings__search-clear"
              aria-label={t('filter.clear')}
            >
              ✕
            </Button>
          )}
        </div>
      </SearchField>
      {clubs.length > 0 && (
        <Select
          className="field standings__club-filter"
          value={filter.club ?? ALL}
          onChange={(key) =>
            onChange({ ...filter, club: key === ALL || key === null ? undefined : String(key) })
          }
        >
          <Label className="field__label">{t('filter.club')}</Label>
          <Button className="field__input standings__select-button">
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="standings__popover">
            <ListBox className="standings__listbox">
              <ListBoxItem id={ALL} className="standings__option">
                {t('filter.allClubs')}
              </ListBoxItem>
              {clubs.map((club) => (
                <ListBoxItem key={club} id={club} className="standings__option">
                  {club}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      )}
    </search>
  );
}
