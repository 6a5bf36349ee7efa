// The tournament at a glance, for the organizer at the head table: what needs a decision now (disputes, late,
// quiet or undealt tables, a round to close, seat or start, tables a closed round left unfinished), the
// counts, every round and the current round's tables; and finishing the tournament, behind a confirmation.
// It follows the tournament and the board by polling: a laptop left open keeps itself current.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { useSession } from '../../session/session.tsx';
import { AttentionList } from './AttentionList.tsx';
import { FinishDialog } from './FinishDialog.tsx';
import { messages } from './messages.ts';
import { RoundsTable } from './RoundsTable.tsx';
import { TablesTable } from './TablesTable.tsx';
import { attentionOf, type Board, type BoardTable, boardSignature } from './tournament-view.ts';
import './tournament.css';

registerMessages('tournament', messages);

const POLL_MS = 10_000;

/** The time now, ticking: late and quiet tables become so without a reload. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Since when each table has looked the same on the board, as this page has watched it (the board carries no
 * time of a table's last move): a table unchanged for long is one to walk over to.
 */
function useQuietSince(board: Board | undefined): ReadonlyMap<string, number> {
  const seen = useRef(new Map<string, { signature: string; since: number }>());
  return useMemo(() => {
    const now = Date.now();
    const next = new Map<string, { signature: string; since: number }>();
    for (const table of board?.tables ?? []) {
      const signature = boardSignature(table);
      const before = seen.current.get(table.gameId);
      next.set(table.gameId, {
        signature,
        since: before?.signature === signature ? before.since : now,
      });
    }
    seen.current = next;
    return new Map(
      [...next]
        .filter(([gameId]) => board?.tables.find((t) => t.gameId === gameId)?.phase === 'playing')
        .map(([gameId, { since }]) => [gameId, since]),
    );
  }, [board]);
}

export function TournamentPage() {
  const { t, i18n } = useTranslation('tournament');
  const { tournamentId = '' } = useParams();
  const { principal } = useSession();
  const [finishedNow, setFinishedNow] = useState(false);
  const now = useNow(15_000);

  const view = useQuery({
    queryKey: ['tournament', tournamentId],
    queryFn: async () =>
      unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } })),
    refetchInterval: POLL_MS,
  });
  const board = useQuery({
    queryKey: ['tournament', tournamentId, 'board'],
    queryFn: async () => {
      try {
        return unwrap(
          await api.GET('/api/tournaments/{tournamentId}/board', { params: { path: { tournamentId } } }),
        );
      } catch (error) {
        // No round seated yet: no board, which is no error.
        if (error instanceof ApiProblem && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: POLL_MS,
  });
  const quietSince = useQuietSince(board.data ?? undefined);

  const language = i18n.language === 'zh' ? 'zh-Hant' : 'en';
  const time = useMemo(() => new Intl.DateTimeFormat(language, { timeStyle: 'short' }), [language]);
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );

  if (view.isPending) return <Loading />;
  if (view.isError) return <Problem error={view.error} onRetry={() => void view.refetch()} />;
  const tournament = view.data;
  const boardTables = new Map<string, BoardTable>(
    (board.data?.tables ?? []).map((table) => [table.gameId, table]),
  );
  const attention =
    tournament.status === 'finished' ? [] : attentionOf(tournament, board.data ?? undefined, now, quietSince);
  const current = [...tournament.rounds].reverse().find((round) => round.tables.length > 0);
  const playing = current?.phase === 'started' ? current.tables : [];
  const byStatus = (status: string) => tournament.players.filter((p) => p.status === status).length;
  const scoring =
    tournament.scoring.kind === 'points'
      ? t('scoringPoints')
      : t('scoringTable', { values: tournament.scoring.values.join(' / ') });

  return (
    <>
      <PageHeader
        title={tournament.name}
        actions={
          principal?.role === 'organizer' && tournament.status === 'open' ? (
            <FinishDialog view={tournament} onFinished={() => setFinishedNow(true)} />
          ) : undefined
        }
      />
      {finishedNow && (
        <p className="success" role="status">
          {t('finish.done')}
        </p>
      )}
      <dl className="tournament-facts" aria-label={t('facts')}>
        <div>
          <dt>{t('id')}</dt>
          <dd>
            <code>{tournament.tournamentId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('rules')}</dt>
          <dd>
            {t('rulesValue', {
              preset: t(`presets.${tournament.ruleset.preset}`, { defaultValue: tournament.ruleset.preset }),
              version: tournament.ruleset.version,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('scoring')}</dt>
          <dd>{scoring}</dd>
        </div>
        <div>
          <dt>{t('statusLabel')}</dt>
          <dd>
            <span className={`tournament-status tournament-status--${tournament.status}`}>
              {t(`status.${tournament.status}`)}
            </span>
          </dd>
        </div>
      </dl>

      {tournament.status === 'finished' ? (
        <p className="notice">{t('finish.finished')}</p>
      ) : (
        <AttentionList
          items={attention}
          tournamentId={tournament.tournamentId}
          checkedAt={time.format(new Date(view.dataUpdatedAt))}
        />
      )}
      {board.isError && <Problem error={board.error} />}

      <section aria-labelledby="tournament-counts-title">
        <h2 id="tournament-counts-title" className="visually-hidden">
          {t('counts.title')}
        </h2>
        <ul className="tournament-counts">
          <li>
            <span className="tournament-counts__label">{t('counts.players')}</span>
            <strong className="tournament-counts__value">
              {t('counts.playersValue', { active: byStatus('active') })}
            </strong>
            <span className="tournament-counts__detail">
              {t('counts.playersDetail', {
                withdrawn: byStatus('withdrawn'),
                replaced: byStatus('replaced'),
              })}
            </span>
          </li>
          <li>
            <span className="tournament-counts__label">{t('counts.rounds')}</span>
            <strong className="tournament-counts__value">{tournament.rounds.length}</strong>
          </li>
          <li>
            <span className="tournament-counts__label">{t('counts.tables')}</span>
            <strong className="tournament-counts__value">
              {playing.length === 0
                ? t('counts.noTables')
                : t('counts.tablesValue', {
                    finished: playing.filter((table) => table.finished).length,
                    count: playing.length,
                  })}
            </strong>
          </li>
          <li>
            <span className="tournament-counts__label">{t('counts.disputes')}</span>
            <strong className="tournament-counts__value">
              {tournament.disputes.filter((d) => d.status === 'open').length}
            </strong>
          </li>
          <li>
            <span className="tournament-counts__label">{t('counts.penalties')}</span>
            <strong className="tournament-counts__value">
              {tournament.penalties.filter((p) => p.status === 'active').length}
            </strong>
          </li>
        </ul>
      </section>

      <RoundsTable rounds={tournament.rounds} formatTime={(iso) => dateTime.format(new Date(iso))} />
      {current !== undefined && (
        <TablesTable round={current} players={tournament.players} board={boardTables} now={now} />
      )}
    </>
  );
}
