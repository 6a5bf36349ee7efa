// What the entry would do, before anything is recorded: the winners' patterns with their points (Chinese
// beside English), a drawn hand's patterns reached at the draw, the claims a head-bump set aside, every payment
// (who pays whom, why), and each seat's change and new score. Commit records exactly this (the API evaluates preview and entry alike).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { isTile, parseTiles, TileFace } from '../../tiles/index.ts';
import type { AtDrawPreview, EntryPreview, Seat, WinnerPreview } from './api.ts';
import type { SeatView } from './table.ts';

function signed(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

function SetTiles({ set }: { readonly set: string }) {
  const winning = set.endsWith('*');
  let tiles: string[] = [];
  try {
    tiles = parseTiles(set.replace('*', ''));
  } catch {
    return <code>{set}</code>;
  }
  return (
    <span className={`scorer-set${winning ? ' scorer-set--winning' : ''}`}>
      {tiles.filter(isTile).map((tile, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a set repeats its tile; the place is its identity
        <TileFace key={i} tile={tile} size="small" />
      ))}
    </span>
  );
}

function Winner({ winner, seat }: { readonly winner: WinnerPreview; readonly seat: SeatView | undefined }) {
  const { t, i18n } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const zh = i18n.language === 'zh';
  return (
    <div className="scorer-winner">
      <h4>
        {t('result.winner', {
          wind: common(`seats.${winner.seat}`),
          name: seat?.name ?? winner.seat,
          score: winner.handScore,
        })}
        {winner.effectiveScore !== winner.handScore &&
          ` (${t('result.effective', { score: winner.effectiveScore })})`}
      </h4>
      {(winner.patterns?.length ?? 0) + (winner.bonuses?.length ?? 0) > 0 && (
        <table className="data-table scorer-table">
          <caption className="visually-hidden">{t('result.patterns')}</caption>
          <thead>
            <tr>
              <th scope="col">{zh ? t('result.chinese') : t('result.pattern')}</th>
              <th scope="col">{zh ? t('result.pattern') : t('result.chinese')}</th>
              <th scope="col" className="number">
                {t('result.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {winner.patterns?.map((p) => (
              <tr key={p.name}>
                <td>{zh ? (p.chinese ?? p.name) : p.name}</td>
                <td lang={zh ? 'en' : 'zh-Hant'}>{zh ? p.name : (p.chinese ?? '')}</td>
                <td className="number">{p.points}</td>
              </tr>
            ))}
            {winner.bonuses?.map((b) => (
              <tr key={b.name}>
                <td>{b.name}</td>
                <td>{t('result.bonus')}</td>
                <td className="number">{b.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {winner.sets !== undefined && winner.sets.length > 0 && (
        <figure className="scorer-sets">
          <figcaption>{t('result.sets')}</figcaption>
          <div className="scorer-sets__row">
            {winner.sets.map((set, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sets may repeat (two identical chows)
              <SetTiles key={i} set={set} />
            ))}
          </div>
        </figure>
      )}
    </div>
  );
}

/** A drawn hand's patterns reached at the draw: whose, which (Chinese beside English), and their points. */
function PatternsAtDraw({
  atDraw,
  who,
}: {
  readonly atDraw: readonly AtDrawPreview[];
  readonly who: (seat: Seat) => string;
}) {
  const { t, i18n } = useTranslation('scorer');
  const zh = i18n.language === 'zh';
  return (
    <>
      <h3 id="scorer-preview-atdraw">{t('result.atDraw')}</h3>
      <table className="data-table scorer-table" aria-labelledby="scorer-preview-atdraw">
        <thead>
          <tr>
            <th scope="col">{t('result.player')}</th>
            <th scope="col">{zh ? t('result.chinese') : t('result.pattern')}</th>
            <th scope="col">{zh ? t('result.pattern') : t('result.chinese')}</th>
            <th scope="col" className="number">
              {t('result.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {atDraw.map((p) => (
            <tr key={`${p.seat} ${p.id}`} data-seat={p.seat}>
              <td>{who(p.seat)}</td>
              <td className={zh ? 'scorer-chinese' : undefined}>{zh ? (p.chinese ?? p.name) : p.name}</td>
              <td lang={zh ? 'en' : 'zh'} className={zh ? undefined : 'scorer-chinese'}>
                {zh ? p.name : (p.chinese ?? '')}
              </td>
              <td className="number">{p.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function PreviewPanel({
  preview,
  seats,
  onCommit,
  onEdit,
  committing,
  problem,
}: {
  readonly preview: EntryPreview;
  readonly seats: readonly SeatView[];
  readonly onCommit: () => void;
  readonly onEdit: () => void;
  readonly committing: boolean;
  readonly problem: ReactNode;
}) {
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const who = (seat: Seat) => `${common(`seats.${seat}`)} ${bySeat.get(seat)?.name ?? ''}`.trim();
  return (
    <section className="panel scorer-preview" aria-labelledby="scorer-preview-heading">
      <h2 id="scorer-preview-heading" tabIndex={-1}>
        {t('result.heading', { hand: preview.hand })}
      </h2>
      <p className="scorer-preview__outcome">{t(`result.${preview.outcome}`)}</p>
      {preview.winners.map((winner) => (
        <Winner key={winner.seat} winner={winner} seat={bySeat.get(winner.seat)} />
      ))}
      {preview.atDraw.length > 0 && <PatternsAtDraw atDraw={preview.atDraw} who={who} />}
      {preview.lapsed.length > 0 && (
        <>
          <h3>{t('result.lapsed')}</h3>
          <ul>
            {preview.lapsed.map((l) => (
              <li key={l.seat}>
                {t('result.lapsedLine', {
                  wind: common(`seats.${l.seat}`),
                  name: bySeat.get(l.seat)?.name,
                  reason: l.reason,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('result.transfers')}</h3>
      {preview.transfers.length === 0 ? (
        <p>{t('result.noTransfers')}</p>
      ) : (
        <table className="data-table scorer-table">
          <thead>
            <tr>
              <th scope="col">{t('result.payer')}</th>
              <th scope="col">{t('result.payee')}</th>
              <th scope="col" className="number">
                {t('result.points')}
              </th>
              <th scope="col">{t('result.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.transfers.map((transfer, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same payment may be listed twice
              <tr key={i}>
                <td>{who(transfer.from)}</td>
                <td>{who(transfer.to)}</td>
                <td className="number">{transfer.points}</td>
                <td>{transfer.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('result.deltas')}</h3>
      <table className="data-table scorer-table scorer-deltas">
        <thead>
          <tr>
            <th scope="col">{t('result.player')}</th>
            <th scope="col" className="number">
              {t('result.before')}
            </th>
            <th scope="col" className="number">
              {t('result.change')}
            </th>
            <th scope="col" className="number">
              {t('result.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {seats.map(({ seat, playerId, score }) => {
            const delta = preview.seatDeltas[seat] ?? preview.playerDeltas[playerId] ?? 0;
            return (
              <tr key={seat} data-seat={seat}>
                <th scope="row">{who(seat)}</th>
                <td className="number">{score}</td>
                <td
                  className={`number scorer-delta${delta > 0 ? ' scorer-delta--up' : delta < 0 ? ' scorer-delta--down' : ''}`}
                >
                  {signed(delta)}
                </td>
                <td className="number">{score + delta}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problem}
      <div className="scorer-actions">
        <Button variant="primary" className="scorer-actions__main" onPress={onCommit} isDisabled={committing}>
          {committing ? t('result.committing') : t('result.commit')}
        </Button>
        <Button onPress={onEdit} isDisabled={committing}>
          {t('result.edit')}
        </Button>
      </div>
    </section>
  );
}
