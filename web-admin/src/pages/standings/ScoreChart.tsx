// Each player's points after every hand, round by round (recharts), with the players to draw picked beside
// it: the top 8 at first, at most 16 (more lines than that cannot be told apart). Colours follow the
// Okabe–Ito set (told apart with colour blindness), darkened to 3:1 on white; from the ninth line on they
// are dashed as well.
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../components/Button.tsx';
import { chartRows, type StandingsProgress } from './progress.ts';
import type { Row } from './standings-rows.ts';

export const MAX_LINES = 16;
export const DEFAULT_LINES = 8;
const COLOURS = ['#0072b2', '#d55e00', '#007a5a', '#b3478c', '#9a6700', '#5e3c99', '#000000', '#8c564b'];

interface ScoreChartProps {
  readonly progress: StandingsProgress;
  /** Every player, best first (the choices, in standings order). */
  readonly players: readonly Row[];
  /** The players the filter shows: the ones offered to pick. */
  readonly offered: readonly Row[];
  readonly selected: readonly string[];
  readonly onSelect: (playerIds: string[]) => void;
}

export function ScoreChart({ progress, players, offered, selected, onSelect }: ScoreChartProps) {
  const { t, i18n } = useTranslation('standings');
  const numbers = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-Hant' : 'en');
  const nameOf = new Map(players.map((p) => [p.playerId, p.name]));
  // Lines in standings order, so colours follow places and the legend reads like the table.
  const drawn = players.filter((p) => selected.includes(p.playerId)).map((p) => p.playerId);
  const rows = chartRows(progress, drawn);
  const full = selected.length >= MAX_LINES;

  return (
    <div className="standings__chart">
      <div className="standings__chart-plot">
        {progress.steps.length === 0 ? (
          <p className="notice">{t('chart.noHands')}</p>
        ) : drawn.length === 0 ? (
          <p className="notice">{t('chart.noneSelected')}</p>
        ) : (
          <LineChart
            responsive
            data={rows}
            style={{ width: '100%', height: 'clamp(280px, 50vh, 460px)' }}
            margin={{ top: 8, right: 16, bottom: 24, left: 8 }}
            title={t('chart.title')}
          >
            <CartesianGrid stroke="#d9dce1" />
            <XAxis
              dataKey="step"
              label={{ value: t('chart.axis'), position: 'insideBottom', offset: -16 }}
              tick={{ fill: '#111' }}
              tickFormatter={(step: string) => (step === '0' ? t('chart.startTick') : step)}
            />
            <YAxis tickFormatter={(v: number) => numbers.format(v)} width={72} tick={{ fill: '#111' }} />
            <Tooltip
              labelFormatter={(_, payload) => {
                const row = payload?.[0]?.payload as { round?: number; hand?: number } | undefined;
                if (row === undefined) return '';
                return row.round === 0
                  ? t('chart.start')
                  : t('chart.step', { round: row.round, hand: row.hand });
              }}
              formatter={(value) => numbers.format(Number(value))}
            />
            <Legend
              verticalAlign="top"
              itemSorter={null}
              formatter={(value) => <span className="standings__legend-name">{value}</span>}
            />
            {drawn.map((playerId, i) => (
              <Line
                key={playerId}
                dataKey={playerId}
                name={nameOf.get(playerId) ?? playerId}
                stroke={COLOURS[i % COLOURS.length]}
                strokeWidth={2.5}
                strokeDasharray={i >= COLOURS.length ? '6 4' : undefined}
                dot={rows.length <= 24}
                isAnimationActive={false}
                type="linear"
              />
            ))}
          </LineChart>
        )}
      </div>
      <div className="standings__chart-pick">
        <CheckboxGroup
          value={selected as string[]}
          onChange={(ids) => onSelect(ids.slice(0, MAX_LINES))}
          className="standings__pick-group"
        >
          <Label className="field__label">{t('chart.players')}</Label>
          <div className="standings__pick-actions">
            <Button
              onPress={() =>
                onSelect(
                  players
                    .filter((p) => !p.withdrawn)
                    .slice(0, DEFAULT_LINES)
                    .map((p) => p.playerId),
                )
              }
            >
              {t('chart.top')}
            </Button>
            <Button onPress={() => onSelect([])}>{t('chart.clear')}</Button>
          </div>
          {full && <p className="standings__pick-full">{t('chart.tooMany')}</p>}
          <div className="standings__pick-list">
            {offered.map((p) => {
              const line = drawn.indexOf(p.playerId);
              const checked = line !== -1;
              return (
                <Checkbox
                  key={p.playerId}
                  value={p.playerId}
                  className="standings__pick"
                  isDisabled={full && !checked}
                >
                  <span className="standings__pick-box" aria-hidden="true" />
                  <span
                    className="standings__pick-swatch"
                    aria-hidden="true"
                    style={checked ? { background: COLOURS[line % COLOURS.length] } : undefined}
                  />
                  {p.name}
                </Checkbox>
              );
            })}
          </div>
        </CheckboxGroup>
      </div>
    </div>
  );
}
