// The tournaments this token may open (GET /api/tournaments): name, status, players, rounds, each a link to
// its overview; an organizer who may create one finds "New tournament" here.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { useSession } from '../../session/session.tsx';
import { messages } from './messages.ts';
import './tournaments.css';

registerMessages('tournaments', messages);

export function TournamentsPage() {
  const { t, i18n } = useTranslation('tournaments');
  const { principal } = useSession();
  const list = useQuery({
    queryKey: ['tournaments'],
    queryFn: async () => unwrap(await api.GET('/api/tournaments', {})).tournaments,
  });
  // A global organizer creates tournaments; a bound token has its one.
  const mayCreate = principal?.role === 'organizer' && principal.global;
  const created = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-Hant' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          mayCreate ? (
            <Link to="/tournaments/new" className="button button--primary tournaments-create">
              {t('create')}
            </Link>
          ) : undefined
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Problem error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="notice">{t('empty')}</p>
      ) : (
        <table className="data-table tournaments-table">
          <caption className="visually-hidden">{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.name')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.players')}</th>
              <th scope="col">{t('columns.rounds')}</th>
              <th scope="col">{t('columns.created')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((tournament) => (
              <tr key={tournament.tournamentId}>
                <th scope="row" data-label={t('columns.name')}>
                  <Link
                    to={`/tournaments/${encodeURIComponent(tournament.tournamentId)}`}
                    className="tournaments-link"
                  >
                    {tournament.name}
                  </Link>
                  <code className="tournaments-id">{tournament.tournamentId}</code>
                </th>
                <td data-label={t('columns.status')}>
                  <span className={`tournaments-status tournaments-status--${tournament.status}`}>
                    {t(`status.${tournament.status}`)}
                  </span>
                </td>
                <td data-label={t('columns.players')}>
                  {t('players', { count: tournament.players, active: tournament.activePlayers })}
                </td>
                <td data-label={t('columns.rounds')}>
                  {tournament.currentRound === null
                    ? t('noRounds')
                    : t('rounds', {
                        count: tournament.rounds,
                        round: tournament.currentRound.round,
                        phase: t(`phase.${tournament.currentRound.phase}`),
                      })}
                </td>
                <td data-label={t('columns.created')}>
                  {tournament.createdAt === '' ? '' : created.format(new Date(tournament.createdAt))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
