// The table at a glance: each seat's wind, player and score this hand, the dealer (East) marked.
import { useTranslation } from 'react-i18next';
import type { Seat } from './api.ts';
import { WIND_GLYPHS } from './SeatButtons.tsx';
import type { SeatView } from './table.ts';

export function SeatsBar({
  seats,
  prevalentWind,
}: {
  readonly seats: readonly SeatView[];
  readonly prevalentWind: Seat;
}) {
  const { t, i18n } = useTranslation('scorer');
  // In Chinese the glyph is the wind's name already.
  const zh = i18n.language === 'zh';
  const { t: common } = useTranslation('common');
  return (
    <section aria-labelledby="scorer-seats-heading" className="scorer-bar">
      <h2 id="scorer-seats-heading" className="visually-hidden">
        {t('seatsHeading')}
      </h2>
      <ul className="scorer-bar__seats">
        {seats.map(({ seat, name, score }) => (
          <li key={seat} className={`scorer-bar__seat${seat === 'E' ? ' scorer-bar__seat--dealer' : ''}`}>
            <span className="scorer-bar__glyph" aria-hidden="true">
              {WIND_GLYPHS[seat]}
            </span>
            <span className="scorer-bar__who">
              <span className="scorer-bar__wind">
                {zh ? (
                  <span className="visually-hidden">{common(`seats.${seat}`)}</span>
                ) : (
                  common(`seats.${seat}`)
                )}
                {seat === 'E' && `${zh ? '' : ' · '}${t('dealer')}`}
              </span>
              <span className="scorer-bar__name">{name}</span>
            </span>
            <span className="scorer-bar__score">{common('units.points', { count: score })}</span>
          </li>
        ))}
      </ul>
      <p className="scorer-bar__prevalent">{t('prevalent', { wind: common(`seats.${prevalentWind}`) })}</p>
    </section>
  );
}
