// One winner's claim: the tiles on the picker where the ruleset scores them (hu-mahjong), with the winning
// moment's luck; else the declared hand score the preset's rule text asks for.
import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';
import { HandEditor } from '../../tiles/index.ts';
import { type ClaimForm, LUCK_FLAGS, type LuckFlag } from './entry-form.ts';
import type { SeatView, TableView } from './table.ts';

const HELPED = ['four-seas', 'chinese-classical', 'mahjong-house', 'table-law'];

export function ClaimEditor({
  seat,
  table,
  claim,
  onChange,
  problem,
}: {
  readonly seat: SeatView;
  readonly table: TableView;
  readonly claim: ClaimForm;
  readonly onChange: (claim: ClaimForm) => void;
  readonly problem: ReactNode;
}) {
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const wind = common(`seats.${seat.seat}`);
  const headingId = `scorer-claim-${seat.seat}`;
  return (
    <section className="panel scorer-claim" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('claim.heading', { wind, name: seat.name })}</h3>
      {problem}
      {table.scoresTiles ? (
        <>
          <p className="scorer-help">{t('claim.tilesIntro')}</p>
          <HandEditor
            hand={claim.hand}
            onChange={(hand) => onChange({ ...claim, hand })}
            flowers={table.flowers}
            owner={`${wind} ${seat.name}`}
          />
          <CheckboxGroup
            className="scorer-luck"
            value={[...claim.luck]}
            onChange={(luck) => onChange({ ...claim, luck: luck as LuckFlag[] })}
          >
            <Label className="scorer-legend">{t('claim.luck')}</Label>
            {LUCK_FLAGS.map((flag) => (
              <Checkbox key={flag} value={flag} className="scorer-check">
                <span className="scorer-check__box" aria-hidden="true" />
                {t(`claim.luckFlags.${flag}`)}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </>
      ) : (
        <TextField
          label={`${t('claim.handScore')} (${wind} ${seat.name})`}
          description={t(`claim.handScoreHelp.${HELPED.includes(table.preset) ? table.preset : 'other'}`)}
          value={claim.handScore}
          onChange={(handScore) => onChange({ ...claim, handScore })}
          inputMode="numeric"
          autoComplete="off"
        />
      )}
    </section>
  );
}
