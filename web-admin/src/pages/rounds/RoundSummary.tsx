// A round's settings in one line: how it is seated, how each game ends, its clock and how hands are recorded.
import { useTranslation } from 'react-i18next';
import type { GameEnd, ViewRound } from './tournament-view.ts';

export function useGameEndText(): (end: GameEnd) => string {
  const { t, i18n } = useTranslation('rounds');
  return (end) => {
    switch (end.kind) {
      case 'hands':
        return t('end.hands', { count: end.count });
      case 'rounds':
        return t(`end.rounds.${end.last}`);
      case 'time-limit':
        return t('end.timeLimit', {
          at: new Date(end.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
        });
    }
  };
}

export function RoundSummary({ round }: { readonly round: ViewRound }) {
  const { t } = useTranslation('rounds');
  const endText = useGameEndText();
  return (
    <dl className="rounds__summary">
      <div>
        <dt>{t('summary.phase')}</dt>
        <dd>
          <span className={`rounds__phase rounds__phase--${round.phase}`}>{t(`phase.${round.phase}`)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('summary.method')}</dt>
        <dd>{t(`method.${round.method}`)}</dd>
      </div>
      <div>
        <dt>{t('summary.end')}</dt>
        <dd>{endText(round.end)}</dd>
      </div>
      <div>
        <dt>{t('summary.minutes')}</dt>
        <dd>{t('common:units.minutes', { count: round.minutes })}</dd>
      </div>
      <div>
        <dt>{t('summary.recording')}</dt>
        <dd>{t(`recording.${round.recording}`)}</dd>
      </div>
    </dl>
  );
}
