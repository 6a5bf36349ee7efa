// The tournament's players, for the organizer: every player with id, name, club and status (who replaced
// whom), names shared with another player marked; adding one, importing a CSV list (previewed first), and
// withdrawing or replacing a player behind a dialog that says what it does.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { AddPlayerForm } from './AddPlayerForm.tsx';
import { ImportPlayers } from './ImportPlayers.tsx';
import { messages } from './messages.ts';
import { ReplaceDialog, WithdrawDialog } from './PlayerDialogs.tsx';
import { sharedNames } from './players-view.ts';
import './players.css';

registerMessages('players', messages);

export function PlayersPage() {
  const { t } = useTranslation('players');
  const { tournamentId = '' } = useParams();
  const [done, setDone] = useState<string | undefined>();
  const view = useQuery({
    queryKey: ['tournament', tournamentId],
    queryFn: async () =>
      unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } })),
  });

  if (view.isPending) return <Loading />;
  if (view.isError)
    return (
      <>
        <PageHeader title={t('titlePlain')} />
        <Problem error={view.error} onRetry={() => void view.refetch()} />
      </>
    );
  const { players, status } = view.data;
  const open = status === 'open';
  const shared = sharedNames(players);
  const nameOf = new Map(players.map((p) => [p.playerId, p.name]));
  const active = players.filter((p) => p.status === 'active').length;

  return (
    <>
      <PageHeader title={t('title', { name: view.data.name })} />
      {!open && <p className="notice">{t('finished')}</p>}
      {done !== undefined && (
        <p className="success" role="status">
          {done}
        </p>
      )}

      {/* Registering comes first before the event; the list (withdraw, replace) follows, however long. */}
      {open && (
        <div className="players-tools">
          <AddPlayerForm tournamentId={tournamentId} />
          <ImportPlayers tournamentId={tournamentId} />
        </div>
      )}

      <section aria-labelledby="players-list-title">
        <h2 id="players-list-title">{t('list.title')}</h2>
        {players.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <>
            <p>{t('list.count', { count: players.length, active })}</p>
            <table className="data-table players-table">
              <thead>
                <tr>
                  <th scope="col">{t('list.id')}</th>
                  <th scope="col">{t('list.name')}</th>
                  <th scope="col">{t('list.club')}</th>
                  <th scope="col">{t('list.status')}</th>
                  {open && <th scope="col">{t('list.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {players.map((player) => (
                  <tr key={player.playerId} className={`players-row--${player.status}`}>
                    <td data-label={t('list.id')}>
                      <code>{player.playerId}</code>
                    </td>
                    <th scope="row" data-label={t('list.name')}>
                      {player.name}
                      {shared.has(player.playerId) && (
                        <span className="players-flag">{t('list.sameName')}</span>
                      )}
                    </th>
                    <td data-label={t('list.club')}>{player.club ?? ''}</td>
                    <td data-label={t('list.status')}>
                      <span className={`players-status players-status--${player.status}`}>
                        {t(`list.statuses.${player.status}`)}
                      </span>
                      {player.replacedBy !== undefined && (
                        <span className="players-status__note">
                          {t('list.replacedBy', { name: nameOf.get(player.replacedBy) ?? player.replacedBy })}
                        </span>
                      )}
                      {player.replaces !== undefined && (
                        <span className="players-status__note">
                          {t('list.replaces', { name: nameOf.get(player.replaces) ?? player.replaces })}
                        </span>
                      )}
                    </td>
                    {open && (
                      <td data-label={t('list.actions')} className="players-actions">
                        {player.status === 'active' && (
                          <>
                            <WithdrawDialog tournamentId={tournamentId} player={player} onDone={setDone} />
                            <ReplaceDialog tournamentId={tournamentId} player={player} onDone={setDone} />
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </>
  );
}
