// The current round's tables: who sits where, playing or done (late by how much), the hand in play from the
// board, and the time left on each table's clock.
import { useTranslation } from 'react-i18next';
import type { BoardTable, TournamentPlayer, TournamentRound } from './tournament-view.ts';

const SEATS = ['E', 'S', 'W', 'N'] as const;

export function TablesTable({
  round,
  players,
  board,
  now,
}: {
  readonly round: TournamentRound;
  readonly players: readonly TournamentPlayer[];
  readonly board: ReadonlyMap<string, BoardTable>;
  readonly now: number;
}) {
  const { t } = useTranslation('tournament');
  const { t: common } = useTranslation('common');
  const nameOf = new Map(players.map((p) => [p.playerId, p.name]));
  return (
    <section aria-labelledby="tournament-tables-title">
      <h2 id="tournament-tables-title">{t('tables.title', { round: round.round })}</h2>
      <table className="data-table tournament-table">
        <thead>
          <tr>
            <th scope="col">{t('tables.table')}</th>
            <th scope="col">{t('tables.players')}</th>
            <th scope="col">{t('tables.state')}</th>
            <th scope="col" className="number">
              {t('tables.hand')}
            </th>
            <th scope="col">{t('tables.endsAt')}</th>
          </tr>
        </thead>
        <tbody>
          {round.tables.map((table) => {
            const endsAt = table.endsAt === null ? undefined : Date.parse(table.endsAt);
            const unfinished = round.unfinished.includes(table.table);
            const late =
              !table.finished &&
              !unfinished &&
              round.phase === 'started' &&
              endsAt !== undefined &&
              now > endsAt;
            const state = table.finished ? 'finished' : unfinished ? 'unfinished' : late ? 'late' : 'playing';
            const minutes = endsAt === undefined ? 0 : Math.floor(Math.abs(now - endsAt) / 60_000);
            return (
              <tr key={table.table} className={late ? 'tournament-table__row--late' : undefined}>
                <th scope="row" data-label={t('tables.table')}>
                  {table.table}
                </th>
                <td data-label={t('tables.players')}>
                  <ul className="tournament-seats">
                    {SEATS.filter((seat) => table.seats[seat] !== undefined).map((seat) => {
                      const id = table.seats[seat] ?? '';
                      return (
                        <li key={seat}>
                          <span className="tournament-seats__wind">{common(`seats.${seat}`)}</span>{' '}
                          {nameOf.get(id) ?? id}
                        </li>
                      );
                    })}
                  </ul>
                </td>
                <td data-label={t('tables.state')}>
                  <span className={`tournament-state tournament-state--${state}`}>
                    {t(`tables.states.${state}`, { minutes })}
                  </span>
                </td>
                <td data-label={t('tables.hand')} className="number">
                  {board.get(table.gameId)?.hand ?? ''}
                </td>
                <td data-label={t('tables.endsAt')}>
                  {round.phase !== 'started' || table.finished
                    ? ''
                    : endsAt === undefined
                      ? t('tables.noClock')
                      : late
                        ? ''
                        : t('tables.left', { minutes })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
