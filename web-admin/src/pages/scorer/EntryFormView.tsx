// The entry, step by step: what happened (a win, a drawn hand, a void); for a win who won, how, and who
// discarded, then each winner's hand; for a draw who was ready and, in hu-mahjong, the patterns each seat
// reached at the draw. Each control shows its own problem beside it.
import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { DRAW_PATTERNS, type DrawPatternId, type Seat } from './api.ts';
import { ClaimEditor } from './ClaimEditor.tsx';
import {
  EMPTY_CLAIM,
  type EntryForm,
  type FormChange,
  type Outcome,
  type Place,
  type WinBy,
} from './entry-form.ts';
import { SeatButtons } from './SeatButtons.tsx';
import type { TableView } from './table.ts';

const OUTCOMES: readonly Outcome[] = ['win', 'drawn', 'voided'];
const WIN_BYS: readonly WinBy[] = ['discard', 'self-draw', 'robbing-kong'];

/**
 * Seed 003's patterns reached at an exhaustive draw, a box per seat with a checkbox per pattern (Eight
 * Immortals only where the table plays with flowers): ticked beside the ready seats, priced by the preview.
 */
function PatternsAtDraw({
  form,
  change,
  table,
  problem,
}: {
  readonly form: EntryForm;
  readonly change: (change: FormChange) => void;
  readonly table: TableView;
  readonly problem: ReactNode;
}) {
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const patterns = DRAW_PATTERNS.filter((p) => p !== 'eight-immortals' || table.flowers);
  return (
    <div className="scorer-atdraw-block">
      <h3 id="scorer-atdraw" className="scorer-legend">
        {t('atDraw.legend')}
      </h3>
      <p className="scorer-help" id="scorer-atdraw-help">
        {t('atDraw.help')}
      </p>
      {problem}
      <div className="scorer-atdraw">
        {table.seats.map(({ seat, name }) => (
          <CheckboxGroup
            key={seat}
            className="scorer-atdraw__seat"
            aria-describedby="scorer-atdraw-help"
            value={[...(form.atDraw[seat] ?? [])]}
            onChange={(ticked) => change({ type: 'atDraw', seat, patterns: ticked as DrawPatternId[] })}
          >
            <Label className="scorer-atdraw__who">
              {t('atDraw.seat', { wind: common(`seats.${seat}`), name })}
            </Label>
            {patterns.map((pattern) => (
              <Checkbox key={pattern} value={pattern} className="scorer-check">
                <span className="scorer-check__box" aria-hidden="true" />
                {t(`atDraw.patterns.${pattern}`)}
              </Checkbox>
            ))}
          </CheckboxGroup>
        ))}
      </div>
    </div>
  );
}

function Choices<T extends string>({
  legend,
  values,
  value,
  onChange,
  label,
}: {
  readonly legend: string;
  readonly values: readonly T[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly label: (value: T) => string;
}) {
  return (
    <RadioGroup
      className="scorer-choices"
      value={value}
      onChange={(next) => onChange(next as T)}
      orientation="horizontal"
    >
      <Label className="scorer-legend">{legend}</Label>
      <div className="scorer-choices__row">
        {values.map((v) => (
          <Radio key={v} value={v} className="scorer-choice">
            {label(v)}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

export function EntryFormView({
  form,
  change,
  table,
  problemAt,
  onPreview,
  previewing,
}: {
  readonly form: EntryForm;
  readonly change: (change: FormChange) => void;
  readonly table: TableView;
  readonly problemAt: (place: Place) => ReactNode;
  readonly onPreview: () => void;
  readonly previewing: boolean;
}) {
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const several = table.severalWinners && form.by !== 'self-draw';
  const winners = table.seats.filter((s) => form.winners.includes(s.seat));
  const losers = table.seats.filter((s) => !form.winners.includes(s.seat));

  return (
    <form
      className="scorer-form"
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
    >
      <section className="panel">
        <Choices
          legend={t('outcome.legend')}
          values={OUTCOMES}
          value={form.outcome}
          onChange={(outcome) => change({ type: 'outcome', outcome })}
          label={(o) => t(`outcome.${o}`)}
        />
      </section>

      {form.outcome === 'win' && (
        <>
          <section className="panel" aria-labelledby="scorer-winners">
            <h2 id="scorer-winners" className="scorer-legend">
              {t('winners.legend')}
            </h2>
            {several && (
              <p className="scorer-help" id="scorer-winners-help">
                {t('winners.several')}
              </p>
            )}
            {problemAt({ kind: 'winners' })}
            <SeatButtons
              label={t('winners.legend')}
              seats={table.seats}
              selected={form.winners}
              multiple={several}
              {...(several ? { describedBy: 'scorer-winners-help' } : {})}
              onChange={(seats) => change({ type: 'winners', winners: seats })}
            />
            <div className="scorer-gap" />
            {problemAt({ kind: 'by' })}
            <Choices
              legend={t('by.legend')}
              values={WIN_BYS}
              value={form.by}
              onChange={(by) => change({ type: 'by', by })}
              label={(b) => t(`by.${b}`)}
            />
            {form.by !== 'self-draw' && (
              <>
                <h3 id="scorer-from" className="scorer-legend">
                  {t(`from.${form.by}`)}
                </h3>
                {problemAt({ kind: 'from' })}
                <SeatButtons
                  label={t(`from.${form.by}`)}
                  seats={table.seats}
                  selected={form.from === null ? [] : [form.from]}
                  disabled={form.winners}
                  onChange={(seats) => change({ type: 'from', from: (seats[0] as Seat | undefined) ?? null })}
                />
              </>
            )}
            {table.streakDie && (
              <Checkbox
                className="scorer-check"
                isSelected={form.dieForgotten}
                onChange={(value) => change({ type: 'dieForgotten', value })}
              >
                <span className="scorer-check__box" aria-hidden="true" />
                {t('dieForgotten')}
              </Checkbox>
            )}
          </section>

          {winners.map((seat) => (
            <ClaimEditor
              key={seat.seat}
              seat={seat}
              table={table}
              claim={form.claims[seat.seat] ?? EMPTY_CLAIM}
              onChange={(claim) => change({ type: 'claim', seat: seat.seat, claim })}
              problem={problemAt({ kind: 'claim', seat: seat.seat })}
            />
          ))}

          {table.loserScores && winners.length > 0 && (
            <section className="panel" aria-labelledby="scorer-losers">
              <h2 id="scorer-losers" className="scorer-legend">
                {t('loserScores.legend')}
              </h2>
              <p className="scorer-help">{t('loserScores.help')}</p>
              {problemAt({ kind: 'loserScores' })}
              <div className="scorer-losers">
                {losers.map((seat) => (
                  <TextField
                    key={seat.seat}
                    label={t('loserScores.label', { wind: common(`seats.${seat.seat}`), name: seat.name })}
                    value={form.loserScores[seat.seat] ?? ''}
                    onChange={(score) => change({ type: 'loserScore', seat: seat.seat, score })}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                ))}
              </div>
            </section>
          )}
        </>
      )}

      {form.outcome === 'drawn' && (
        <section className="panel" aria-labelledby="scorer-ready">
          <h2 id="scorer-ready" className="scorer-legend">
            {t('ready.legend')}
          </h2>
          <p className="scorer-help" id="scorer-ready-help">
            {t('ready.help')}
          </p>
          {problemAt({ kind: 'ready' })}
          <SeatButtons
            label={t('ready.legend')}
            seats={table.seats}
            selected={form.ready}
            multiple
            describedBy="scorer-ready-help"
            onChange={(ready) => change({ type: 'ready', ready })}
          />
          {table.scoresTiles && (
            <PatternsAtDraw
              form={form}
              change={change}
              table={table}
              problem={problemAt({ kind: 'atDraw' })}
            />
          )}
        </section>
      )}

      {form.outcome === 'voided' && (
        <section className="panel">
          {problemAt({ kind: 'void' })}
          <Choices
            legend={t('void.cause')}
            values={['misdeal', 'ruling'] as const}
            value={form.voidCause}
            onChange={(cause) => change({ type: 'void', cause })}
            label={(c) => t(`void.${c}`)}
          />
          <TextField
            label={t('void.explanation')}
            value={form.voidExplanation}
            onChange={(explanation) => change({ type: 'void', explanation })}
          />
        </section>
      )}

      <div className="scorer-actions">
        {problemAt({ kind: 'general' })}
        <Button type="submit" variant="primary" className="scorer-actions__main" isDisabled={previewing}>
          {previewing ? t('previewing') : t('preview')}
        </Button>
      </div>
    </form>
  );
}
