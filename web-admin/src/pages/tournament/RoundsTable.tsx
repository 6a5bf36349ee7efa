// Every round with its state, how its seats were drawn, how its hands are recorded, its tables finished and
// its clock.
import { useTranslation } from 'react-i18next';
import type { TournamentRound } from './tournament-view.ts';

export function RoundsTable({
  rounds,
  formatTime,
}: {
  readonly rounds: readonly TournamentRound[];
  readonly formatTime: (iso: string) => string;
}) {
  const { t } = useTranslation('tournament');
  return (
    <section aria-labelledby="tournament-rounds-title">
      <h2 id="tournament-rounds-title">{t('rounds.title')}</h2>
      {rounds.length === 0 ? (
        <p>{t('rounds.none')}</p>
      ) : (
        <table className="data-table tournament-table">
          <thead>
            <tr>
              <th scope="col">{t('rounds.round')}</th>
              <th scope="col">{t('rounds.phase')}</th>
              <th scope="col">{t('rounds.method')}</th>
              <th scope="col">{t('rounds.recording')}</th>
              <th scope="col">{t('rounds.tables')}</th>
              <th scope="col">{t('rounds.endsAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.round}>
                <th scope="row" data-label={t('rounds.round')}>
                  {round.round}
                </th>
                <td data-label={t('rounds.phase')}>
                  <span className={`tournament-phase tournament-phase--${round.phase}`}>
                    {t(`rounds.phases.${round.phase}`)}
                  </span>
                </td>
                <td data-label={t('rounds.method')}>{t(`rounds.methods.${round.method}`)}</td>
                <td data-label={t('rounds.recording')}>{t(`rounds.recordings.${round.recording}`)}</td>
                <td data-label={t('rounds.tables')}>
                  {t('rounds.tablesValue', {
                    finished: round.tables.filter((table) => table.finished).length,
                    count: round.tables.length,
                  })}
                </td>
                <td data-label={t('rounds.endsAt')}>
                  {round.endsAt === null ? '' : formatTime(round.endsAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
