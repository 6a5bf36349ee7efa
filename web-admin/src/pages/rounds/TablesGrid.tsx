// A seated round's tables: the four seats by wind with the players' names, and by phase each table's clock
// and extra time (playing), its points (finished) or that it was closed unfinished.
import { useTranslation } from 'react-i18next';
import { timeLeft } from './clock.ts';
import { ExtendTableDialog } from './ExtendTableDialog.tsx';
import { type NameOf, type ViewRound, type ViewTable, WINDS } from './tournament-view.ts';

export interface TablesGridProps {
  readonly tournamentId: string;
  readonly round: ViewRound;
  readonly nameOf: NameOf;
  readonly now: number;
}

export function TablesGrid({ tournamentId, round, nameOf, now }: TablesGridProps) {
  const { t } = useTranslation('rounds');
  return (
    <section aria-labelledby={`rounds-tables-${round.round}`}>
      <h3 id={`rounds-tables-${round.round}`}>{t('tables.title', { count: round.tables.length })}</h3>
      <ul className="rounds__tables">
        {round.tables.map((table) => (
          <li key={table.table}>
            <TableCard tournamentId={tournamentId} round={round} table={table} nameOf={nameOf} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

type TableState = 'seated' | 'playing' | 'finished' | 'unfinished';

function stateOf(round: ViewRound, table: ViewTable): TableState {
  if (round.unfinished.includes(table.table)) return 'unfinished';
  if (table.finished) return 'finished';
  return round.phase === 'started' ? 'playing' : 'seated';
}

function TableCard({
  tournamentId,
  round,
  table,
  nameOf,
  now,
}: TablesGridProps & { readonly table: ViewTable }) {
  const { t } = useTranslation('rounds');
  const state = stateOf(round, table);
  const points = new Map(table.scores?.map((s) => [s.playerId, s.points]));
  const headingId = `rounds-table-${round.round}-${table.table}`;
  const left = state === 'playing' && table.endsAt !== null ? timeLeft(table.endsAt, now) : undefined;
  return (
    <article className={`rounds__table rounds__table--${state}`} aria-labelledby={headingId}>
      <header className="rounds__table-head">
        <h4 id={headingId}>{t('tables.name', { table: table.table })}</h4>
        <span className={`rounds__badge rounds__badge--${state}`}>{t(`tables.state.${state}`)}</span>
      </header>
      <dl className="rounds__seats">
        {WINDS.map((wind) => {
          const playerId = table.seats[wind];
          if (playerId === undefined) return null;
          const scored = points.get(playerId);
          return (
            <div key={wind} className="rounds__seat">
              <dt>{t(`common:seats.${wind}`)}</dt>
              <dd>
                <span className="rounds__player">{nameOf(playerId)}</span>
                {scored !== undefined && (
                  <span className="rounds__points">{t('common:units.points', { count: scored })}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {left !== undefined && (
        <div className="rounds__table-clock">
          <p className={left.over ? 'rounds__late' : undefined}>
            {left.over ? t('tables.over', { time: left.text }) : t('tables.left', { time: left.text })}
            {table.extraMinutes > 0 && (
              <span className="rounds__extra">{t('tables.extra', { count: table.extraMinutes })}</span>
            )}
          </p>
          <ExtendTableDialog tournamentId={tournamentId} round={round} table={table} now={now} />
        </div>
      )}
      {state !== 'playing' && table.extraMinutes > 0 && (
        <p className="rounds__extra">{t('tables.extra', { count: table.extraMinutes })}</p>
      )}
    </article>
  );
}
