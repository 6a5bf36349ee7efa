// The standings, live: the API's ranking (places shared on equal scores) with clubs and penalties, filters,
// a CSV of the rows shown, and a chart of each player's points hand by hand.
// Live how: the board's event stream says when a table's points moved (a hand settled or corrected, a table
// finished), and only then are the standings read again; the stream costs nothing while nothing moves and
// answers within a quarter second when something does. Penalties, withdrawals and registrations do not show
// on the board, so the standings are also read every 30 s, and every 5 s while the stream is down.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEventStream } from '../../api/event-stream.ts';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { messages } from './messages.ts';
import { DEFAULT_LINES, ScoreChart } from './ScoreChart.tsx';
import { StandingsFilters } from './StandingsFilters.tsx';
import { StandingsTable } from './StandingsTable.tsx';
import { download, standingsCsv } from './standings-csv.ts';
import {
  fetchProgress,
  fetchStandings,
  fetchTournament,
  openBoardStream,
  progressKey,
  standingsKey,
  tournamentKey,
} from './standings-data.ts';
import { clubsOf, type Filter, filterRows, noFilter, rowsOf } from './standings-rows.ts';
import './standings.css';

registerMessages('standings', messages);

interface BoardPoints {
  readonly tables: readonly { readonly gameId: string; readonly phase: string; readonly points: object }[];
}

export function StandingsPage() {
  const { t } = useTranslation('standings');
  const { tournamentId = '' } = useParams();
  const queryClient = useQueryClient();

  // Points moved at some table: read the standings (and what the chart needs) again.
  const lastPoints = useRef<string | undefined>(undefined);
  const stream = useEventStream<BoardPoints>(
    tournamentId,
    openBoardStream(tournamentId),
    'board',
    (board) => {
      const points = JSON.stringify(board.tables.map((b) => [b.gameId, b.phase, b.points]));
      if (lastPoints.current !== undefined && points !== lastPoints.current) {
        void queryClient.invalidateQueries({ queryKey: standingsKey(tournamentId) });
        void queryClient.invalidateQueries({ queryKey: tournamentKey(tournamentId) });
        void queryClient.invalidateQueries({ queryKey: progressKey(tournamentId) });
      }
      lastPoints.current = points;
    },
  );
  const every = stream === 'live' ? 30_000 : 5_000;
  const standings = useQuery({
    queryKey: standingsKey(tournamentId),
    queryFn: () => fetchStandings(tournamentId),
    refetchInterval: every,
  });
  const tournament = useQuery({
    queryKey: tournamentKey(tournamentId),
    queryFn: () => fetchTournament(tournamentId),
    refetchInterval: every,
  });
  const progress = useQuery({
    queryKey: progressKey(tournamentId),
    queryFn: () => fetchProgress(tournamentId),
    refetchInterval: every,
  });

  const [filter, setFilter] = useState<Filter>(noFilter);
  const rows = useMemo(
    () => rowsOf(standings.data ?? [], tournament.data),
    [standings.data, tournament.data],
  );
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const clubs = useMemo(() => clubsOf(rows), [rows]);
  const [picked, setPicked] = useState<string[] | undefined>();
  const selected =
    picked ??
    rows
      .filter((r) => !r.withdrawn)
      .slice(0, DEFAULT_LINES)
      .map((r) => r.playerId);

  const tablePoints = tournament.data?.scoring.kind === 'table-points';
  const filtered = filter.search.trim() !== '' || filter.club !== undefined;
  const name = tournament.data?.name;

  return (
    <div className="standings">
      <PageHeader
        title={name === undefined ? t('title') : t('titleOf', { name })}
        actions={
          <>
            <span className={`standings__live standings__live--${stream}`} role="status">
              {t(`live.${stream}`)}
            </span>
            <Button
              variant="primary"
              isDisabled={shown.length === 0}
              onPress={() => download(`${tournamentId}-standings.csv`, standingsCsv(shown))}
            >
              {filtered ? t('downloadCount', { count: shown.length }) : t('download')}
            </Button>
          </>
        }
      />
      <Problem error={standings.error} onRetry={() => void standings.refetch()} />
      {standings.isPending ? (
        <Loading />
      ) : (
        <>
          <StandingsFilters filter={filter} onChange={setFilter} clubs={clubs} />
          <p className="standings__note">
            {tablePoints ? t('noteTablePoints') : t('note')}{' '}
            {filtered && t('filter.showing', { shown: shown.length, count: rows.length })}
          </p>
          {rows.length === 0 ? (
            <p>{t('empty')}</p>
          ) : shown.length === 0 ? (
            <p>{t('noMatch')}</p>
          ) : (
            <StandingsTable
              rows={shown}
              tablePoints={tablePoints}
              clubs={clubs.length > 0}
              penalties={rows.some((r) => r.penalties !== 0)}
            />
          )}
        </>
      )}

      <section aria-labelledby="standings-chart" className="standings__chart-section">
        <h2 id="standings-chart">{t('chart.title')}</h2>
        <p className="standings__note">{t('chart.intro')}</p>
        {progress.error !== null ? (
          <Problem error={progress.error} />
        ) : progress.data === undefined ? (
          <p className="loading">{t('chart.loading')}</p>
        ) : (
          <ScoreChart
            progress={progress.data}
            players={rows}
            offered={shown}
            selected={selected}
            onSelect={setPicked}
          />
        )}
      </section>
    </div>
  );
}
