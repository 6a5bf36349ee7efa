// The hand just recorded, as the API answered it (its HandSettled's payments), so the scorer sees what was
// written before entering the next hand.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryRecorded, Transfer } from './api.ts';
import type { SeatView } from './table.ts';

function transfersOf(recorded: EntryRecorded): readonly Transfer[] {
  const settled = recorded.events.find((e) => e.type === 'HandSettled')?.data as
    | { transfers?: readonly Transfer[] }
    | undefined;
  return settled?.transfers ?? [];
}

export function RecordedPanel({
  recorded,
  seats,
}: {
  readonly recorded: EntryRecorded;
  readonly seats: readonly SeatView[];
}) {
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  // Focus moves here after the commit, so a screen reader hears what was written and the form below is fresh.
  useEffect(() => ref.current?.focus(), []);
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const voided = recorded.events.some((e) => e.type === 'HandVoided');
  const transfers = transfersOf(recorded);
  return (
    <div className="success scorer-recorded" role="status" tabIndex={-1} ref={ref}>
      <strong>{t('recorded.heading', { hand: recorded.hand })}</strong>{' '}
      {voided ? t('recorded.voided') : transfers.length > 0 && t('recorded.moved')}
      {transfers.length > 0 && (
        <ul>
          {transfers.map((transfer, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same payment may be listed twice
            <li key={i}>
              {common(`seats.${transfer.from}`)} {bySeat.get(transfer.from)?.name} →{' '}
              {common(`seats.${transfer.to}`)} {bySeat.get(transfer.to)?.name}:{' '}
              {t('total', { points: transfer.points })} ({transfer.reason})
            </li>
          ))}
        </ul>
      )}
      <span> {t('recorded.next')}</span>
    </div>
  );
}
