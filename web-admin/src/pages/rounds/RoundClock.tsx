// The round clock as the head table reads it: time left from the start (or over time), when it runs out, and
// how many tables still play.
import { useTranslation } from 'react-i18next';
import { timeLeft } from './clock.ts';
import type { ViewRound } from './tournament-view.ts';

export function RoundClock({ round, now }: { readonly round: ViewRound; readonly now: number }) {
  const { t, i18n } = useTranslation('rounds');
  if (round.endsAt === null) return null;
  const left = timeLeft(round.endsAt, now);
  const playing = round.tables.filter((table) => !table.finished).length;
  const endsAt = new Date(round.endsAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section
      className={`rounds__clock${left.over ? ' rounds__clock--over' : ''}`}
      aria-labelledby="rounds-clock"
    >
      <h3 id="rounds-clock" className="visually-hidden">
        {t('clock.title')}
      </h3>
      <p role="timer" aria-label={t('clock.title')} className="rounds__clock-time">
        <span className="rounds__clock-caption">{left.over ? t('clock.over') : t('clock.left')}</span>
        <span className="rounds__clock-digits">{left.text}</span>
      </p>
      <p className="rounds__clock-detail">
        {t('clock.endsAt', { time: endsAt, minutes: round.minutes })}
        {' · '}
        {t('clock.playing', { count: playing, total: round.tables.length })}
      </p>
    </section>
  );
}
