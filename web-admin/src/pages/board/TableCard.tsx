// One table as the room sees it: its number, hand and clock, the four seats by wind with their players'
// names and points, the dealer, whose move it is, and what last happened.
import { useTranslation } from 'react-i18next';
import { actionWords } from './action-words.ts';
import type { BoardTable } from './board-data.ts';
import { formatTimeLeft, RUNNING_OUT_MS } from './clock.ts';
import { parseAction, seatOf, seatToMove } from './last-action.ts';

const WIND_ORDER = ['E', 'S', 'W', 'N'];

interface TableCardProps {
  readonly table: BoardTable;
  readonly nameOf: (playerId: string) => string;
  /** The server's time now. */
  readonly now: number;
}

export function TableCard({ table, nameOf, now }: TableCardProps) {
  const { t, i18n } = useTranslation('board');
  const numbers = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-Hant' : 'en');
  // The hand's winds once a hand is dealt (they rotate); the round's seating before that.
  const byWind = Object.keys(table.seatWinds).length > 0 ? table.seatWinds : table.seats;
  const seats = Object.entries(byWind).sort(([a], [b]) => WIND_ORDER.indexOf(a) - WIND_ORDER.indexOf(b));
  const action = table.lastAction === null ? undefined : parseAction(table.lastAction);
  const playing = table.phase === 'playing';
  const toMove = playing && action !== undefined ? seatToMove(action) : undefined;
  const actor = action === undefined ? undefined : seatOf(action);
  const nameOfSeat = (seat: string) => {
    const id = byWind[seat];
    return id === undefined ? t(`common:seats.${seat}`) : nameOf(id);
  };
  const headingId = `board-table-${table.table}`;

  return (
    <article className={`board-card board-card--${table.phase}`} aria-labelledby={headingId}>
      <header className="board-card__head">
        <h2 id={headingId} className="board-card__number">
          {t('table', { table: table.table })}
        </h2>
        <span className="board-card__hand">
          {table.hand === null
            ? ''
            : table.prevalentWind === null
              ? t('hand', { hand: table.hand })
              : t('handWind', { hand: table.hand, wind: t(`common:seats.${table.prevalentWind}`) })}
        </span>
        <TableClock table={table} now={now} />
      </header>
      <ol className="board-card__seats">
        {seats.map(([seat, playerId]) => {
          const points = table.points[playerId];
          const moving = seat === toMove;
          return (
            <li
              key={seat}
              className={`board-card__seat${moving ? ' board-card__seat--to-move' : ''}${
                seat === actor ? ' board-card__seat--actor' : ''
              }`}
            >
              <span className="board-card__wind">{t(`common:seats.${seat}`)}</span>
              <span className="board-card__name">{nameOf(playerId)}</span>
              <span className="board-card__badges">
                {table.dealer === playerId && <span className="board-card__dealer">{t('dealer')}</span>}
                {moving && <span className="board-card__to-move">{t('toMove')}</span>}
              </span>
              <span className="board-card__points">{points === undefined ? '' : numbers.format(points)}</span>
            </li>
          );
        })}
      </ol>
      <p className="board-card__action">
        {table.phase === 'seated'
          ? t('phase.seated')
          : table.phase === 'finished'
            ? t(table.closed ? 'phase.closed' : 'phase.finished')
            : action === undefined
              ? t('phase.playing')
              : actionWords(t, action, nameOfSeat)}
      </p>
    </article>
  );
}

function TableClock({ table, now }: { readonly table: BoardTable; readonly now: number }) {
  const { t } = useTranslation('board');
  if (table.phase === 'finished' || table.endsAt === null) return <span className="board-card__clock" />;
  const left = Date.parse(table.endsAt) - now;
  const text = formatTimeLeft(left);
  const state = text === undefined ? 'over' : left <= RUNNING_OUT_MS ? 'low' : 'ok';
  return (
    <span className={`board-card__clock board-card__clock--${state}`}>
      <span className="visually-hidden">{t('timeLeft')}: </span>
      {text ?? t('timeUp')}
      {table.extraMinutes > 0 && (
        <span className="board-card__extra"> {t('extra', { minutes: table.extraMinutes })}</span>
      )}
    </span>
  );
}
