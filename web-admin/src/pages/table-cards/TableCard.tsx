// One table's card, printed on its own A6 page: the tournament, round and table number, the four seats by wind
// with the players' names, and the QR codes of the sign-in links: the scorer's large (rounds whose hands are
// entered), each seat's smaller (live rounds, where the players play on their phones).
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { type Card, signInUrl, type Wind } from './table-cards-api.ts';

const GLYPH: Record<Wind, string> = { E: '東', S: '南', W: '西', N: '北' };

export function TableCard({
  card,
  name,
  round,
}: {
  readonly card: Card;
  readonly name: string;
  readonly round: number;
}) {
  const { t } = useTranslation('table-cards');
  const headingId = `table-card-${card.table}`;
  const seatCodes = card.seats.some((seat) => seat.signIn !== null);
  return (
    <article className="table-cards__card" aria-labelledby={headingId}>
      <header className="table-cards__head">
        <p className="table-cards__event">
          <span>{name}</span>
          <span>{t('round', { round })}</span>
        </p>
        <h2 id={headingId} className="table-cards__table">
          {t('table', { table: card.table })}
        </h2>
      </header>

      {card.scorer !== null && (
        <section className="table-cards__scorer" aria-label={t('scorer.label')}>
          <QRCodeSVG
            value={signInUrl(card.scorer.signIn)}
            role="img"
            aria-label={t('scorer.qr', { table: card.table })}
            title={t('scorer.qr', { table: card.table })}
            level="M"
            marginSize={2}
            size={256}
            className="table-cards__qr table-cards__qr--scorer"
          />
          <div>
            <p className="table-cards__scan">{t('scorer.scan')}</p>
            <p className="table-cards__code">
              {t('scorer.code')} <code>{card.scorer.token}</code>
            </p>
          </div>
        </section>
      )}

      {seatCodes && <p className="table-cards__scan table-cards__scan--seats">{t('seatScan')}</p>}
      <ul className={`table-cards__seats${seatCodes ? ' table-cards__seats--codes' : ''}`}>
        {card.seats.map((seat) => (
          <li key={seat.seat} className="table-cards__seat">
            <p className="table-cards__wind">
              <span aria-hidden="true" className="table-cards__glyph">
                {GLYPH[seat.seat]}
              </span>
              {t(`common:seats.${seat.seat}`) !== GLYPH[seat.seat] && (
                <span>{t(`common:seats.${seat.seat}`)}</span>
              )}
            </p>
            <p className="table-cards__name">
              {seat.substitute ? t('substitute') : seat.name}
              {seat.club !== null && <span className="table-cards__club">{seat.club}</span>}
            </p>
            {seat.signIn !== null && (
              <QRCodeSVG
                value={signInUrl(seat.signIn)}
                role="img"
                aria-label={t('seatQr', { seat: t(`common:seats.${seat.seat}`), name: seat.name })}
                title={t('seatQr', { seat: t(`common:seats.${seat.seat}`), name: seat.name })}
                level="M"
                marginSize={2}
                size={160}
                className="table-cards__qr table-cards__qr--seat"
              />
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
