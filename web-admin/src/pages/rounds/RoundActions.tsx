// What the organizer does with a seated or playing round: start it (its clock and its tables' games), close it
// (by force with tables still playing, named before it happens), and the links to its table cards and the board.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { closeRound, startRound } from './commands.ts';
import type { TournamentView, ViewRound } from './tournament-view.ts';
import { useCommand } from './use-command.ts';

export interface RoundActionsProps {
  readonly view: TournamentView;
  readonly round: ViewRound;
  readonly now: number;
}

export function RoundActions({ view, round, now }: RoundActionsProps) {
  const { t } = useTranslation('rounds');
  const base = `/tournaments/${encodeURIComponent(view.tournamentId)}`;
  return (
    <div className="rounds__actions">
      {round.phase === 'seated' && <StartRound view={view} round={round} now={now} />}
      {round.phase === 'started' && <CloseRound view={view} round={round} />}
      {(round.phase === 'seated' || round.phase === 'started') && (
        <Link className="button button--secondary" to={`${base}/rounds/${round.round}/cards`}>
          {t('actions.cards')}
        </Link>
      )}
      <Link className="button button--secondary" to={`${base}/board`}>
        {t('actions.board')}
      </Link>
    </div>
  );
}

function StartRound({ view, round, now }: RoundActionsProps) {
  const { t, i18n } = useTranslation('rounds');
  const start = useCommand(view.tournamentId, (input: { revision: number }, key) =>
    startRound(view.tournamentId, round.round, key, input.revision),
  );
  const endsAt = new Date(now + round.minutes * 60_000).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <ConfirmDialog
      trigger={t('start.trigger', { round: round.round })}
      triggerVariant="primary"
      title={t('start.title', { round: round.round })}
      confirm={t('start.confirm', { round: round.round })}
      pending={start.isPending}
      error={start.error}
      onOpenChange={(open) => open && start.reset()}
      onConfirm={() => start.mutateAsync({ revision: view.revision })}
    >
      <p>{t('start.effect', { minutes: round.minutes, time: endsAt, count: round.tables.length })}</p>
      <p>{t(`start.recording.${round.recording}`)}</p>
    </ConfirmDialog>
  );
}

function CloseRound({ view, round }: Omit<RoundActionsProps, 'now'>) {
  const { t } = useTranslation('rounds');
  const close = useCommand(view.tournamentId, (input: { force: boolean }, key) =>
    closeRound(view.tournamentId, round.round, input.force, key),
  );
  const unfinished = round.tables.filter((table) => !table.finished).map((table) => table.table);
  const force = unfinished.length > 0;
  return (
    <ConfirmDialog
      trigger={t('close.trigger', { round: round.round })}
      triggerVariant={force ? 'danger' : 'primary'}
      title={t('close.title', { round: round.round })}
      confirm={
        force
          ? t('close.confirmForce', { round: round.round, count: unfinished.length })
          : t('close.confirm', { round: round.round })
      }
      confirmVariant={force ? 'danger' : 'primary'}
      pending={close.isPending}
      error={close.error}
      onOpenChange={(open) => open && close.reset()}
      onConfirm={() => close.mutateAsync({ force })}
    >
      {force ? (
        <>
          <p className="notice">
            {t('close.unfinished', { count: unfinished.length, tables: unfinished.join(', ') })}
          </p>
          <p>{t('close.forceEffect')}</p>
          {view.scoring.kind === 'table-points' && <p>{t('close.noTablePoints')}</p>}
        </>
      ) : (
        <p>{t('close.allFinished', { count: round.tables.length })}</p>
      )}
    </ConfirmDialog>
  );
}
