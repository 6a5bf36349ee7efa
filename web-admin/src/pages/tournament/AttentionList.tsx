// What needs the organizer now, most urgent first: each item a sentence, with the way to the page where it
// is acted on. An empty list says so, so "nothing" is never mistaken for "not loaded".
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Attention } from './tournament-view.ts';

const NEXT_STEPS: ReadonlySet<Attention['kind']> = new Set(['round-to-schedule', 'players-to-register']);
const URGENT: ReadonlySet<Attention['kind']> = new Set([
  'dispute',
  'late',
  'quiet',
  'not-started',
  'unfinished',
]);

function sentence(item: Attention, t: (key: string, values?: Record<string, unknown>) => string): string {
  switch (item.kind) {
    case 'dispute':
      return item.table === undefined
        ? t('attention.disputeNoTable', {
            id: item.dispute.disputeId,
            game: item.dispute.gameId,
            hand: item.dispute.hand,
            reason: item.dispute.reason,
          })
        : t('attention.dispute', {
            id: item.dispute.disputeId,
            round: item.round,
            table: item.table,
            hand: item.dispute.hand,
            reason: item.dispute.reason,
          });
    case 'late':
      return t('attention.late', { round: item.round, table: item.table, minutes: item.minutes });
    case 'quiet':
      return t('attention.quiet', { round: item.round, table: item.table, minutes: item.minutes });
    case 'not-started':
      return t('attention.notStarted', { round: item.round, table: item.table });
    case 'round-to-close':
      return t('attention.roundToClose', { round: item.round });
    case 'unfinished':
      return t('attention.unfinished', { round: item.round, tables: item.tables.join(', ') });
    case 'round-to-seat':
      return t('attention.roundToSeat', { round: item.round });
    case 'round-to-start':
      return t('attention.roundToStart', { round: item.round });
    case 'round-to-schedule':
      return t('attention.roundToSchedule', { round: item.round });
    case 'players-to-register':
      return t('attention.playersToRegister', { active: item.active });
  }
}

export function AttentionList({
  items,
  tournamentId,
  checkedAt,
}: {
  readonly items: readonly Attention[];
  readonly tournamentId: string;
  readonly checkedAt: string;
}) {
  const { t } = useTranslation('tournament');
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  return (
    <section className="tournament-attention panel" aria-labelledby="tournament-attention-title">
      <h2 id="tournament-attention-title">{t('attention.title')}</h2>
      {items.length === 0 ? (
        <p className="tournament-attention__none">{t('attention.none')}</p>
      ) : (
        <ul className="tournament-attention__list">
          {items.map((item) => (
            <li
              key={JSON.stringify(item)}
              className={`tournament-attention__item tournament-attention__item--${
                URGENT.has(item.kind) ? 'urgent' : NEXT_STEPS.has(item.kind) ? 'step' : 'next'
              }`}
            >
              <span>{sentence(item, t as never)}</span>
              {item.kind === 'players-to-register' ? (
                <Link to={`${base}/players`} className="tournament-attention__link">
                  {t('attention.toPlayers')}
                </Link>
              ) : (
                item.kind !== 'dispute' && (
                  <Link to={`${base}/rounds`} className="tournament-attention__link">
                    {t('attention.toRounds')}
                  </Link>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="tournament-attention__checked">{t('attention.updated', { time: checkedAt })}</p>
    </section>
  );
}
