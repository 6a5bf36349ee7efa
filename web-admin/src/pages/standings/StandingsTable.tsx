// The standings table: place ("=3" when shared), player and club, points, table points where the event
// scores them, penalties where any, games. A plain table: it is read, not operated.
import { useTranslation } from 'react-i18next';
import { placeLabel, type Row } from './standings-rows.ts';

interface StandingsTableProps {
  readonly rows: readonly Row[];
  readonly tablePoints: boolean;
  readonly clubs: boolean;
  readonly penalties: boolean;
}

export function StandingsTable({ rows, tablePoints, clubs, penalties }: StandingsTableProps) {
  const { t, i18n } = useTranslation('standings');
  const numbers = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-Hant' : 'en', {
    maximumFractionDigits: 2,
  });
  return (
    <div className="standings__table-wrap">
      <table className="data-table standings__table">
        <thead>
          <tr>
            <th scope="col" className="number">
              {t('columns.place')}
            </th>
            <th scope="col">{t('columns.player')}</th>
            {clubs && (
              <th scope="col" className="standings__club">
                {t('columns.club')}
              </th>
            )}
            {tablePoints && (
              <th scope="col" className="number">
                {t('columns.tablePoints')}
              </th>
            )}
            <th scope="col" className="number">
              {t('columns.points')}
            </th>
            {penalties && (
              <th scope="col" className="number standings__penalties">
                {t('columns.penalties')}
              </th>
            )}
            <th scope="col" className="number">
              {t('columns.games')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.playerId} className={row.withdrawn ? 'standings__row--withdrawn' : undefined}>
              <td className="number standings__place">{placeLabel(row)}</td>
              <th scope="row" className="standings__player">
                {row.name}
                {row.withdrawn && <span className="standings__withdrawn"> ({t('withdrawn')})</span>}
                {clubs && row.club !== undefined && (
                  <span className="standings__club-inline">{row.club}</span>
                )}
                {row.penalties !== 0 && (
                  <span className="standings__penalty-inline">
                    {t('penaltyInline', { points: numbers.format(-row.penalties) })}
                  </span>
                )}
              </th>
              {clubs && <td className="standings__club">{row.club ?? ''}</td>}
              {tablePoints && <td className="number">{numbers.format(row.tablePoints)}</td>}
              <td className="number standings__points">{numbers.format(row.points)}</td>
              {penalties && (
                <td className="number standings__penalties">
                  {row.penalties === 0 ? '' : numbers.format(-row.penalties)}
                </td>
              )}
              <td className="number">{row.games}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
