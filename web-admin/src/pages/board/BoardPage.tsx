// The projector board: every table of the current round, live over server-sent events, for a room reading
// it from 10 m (UI.md): table number, names, points, dealer, whose move, time left, in large type on one
// screen, paged in turn when there are more tables than fit. The board names players by id, so names come
// from the tournament. Outside the app's shell: the whole screen is the board.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEventStream } from '../../api/event-stream.ts';
import { Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import {
  type Board,
  type BoardSnapshot,
  boardKey,
  fetchBoard,
  fetchTournament,
  openBoardStream,
  tournamentKey,
} from './board-data.ts';
import { boardLayout, pageOf } from './board-layout.ts';
import { formatTimeLeft, RUNNING_OUT_MS, useNow } from './clock.ts';
import { messages } from './messages.ts';
import { TableCard } from './TableCard.tsx';
import { useElementSize } from './use-element-size.ts';
import { usePaging } from './use-paging.ts';
import './board.css';

registerMessages('board', messages);

const GAP = 16;

export function BoardPage() {
  const { t } = useTranslation('board');
  const { tournamentId = '' } = useParams();
  const queryClient = useQueryClient();

  // The stream sends the whole board at once and after every change; the snapshot gives the first paint and
  // the server's clock.
  const stream = useEventStream<Board>(tournamentId, openBoardStream(tournamentId), 'board', (board) => {
    queryClient.setQueryData(boardKey(tournamentId), (previous: BoardSnapshot | undefined) => ({
      board,
      serverOffsetMs: previous?.serverOffsetMs ?? 0,
    }));
  });
  const snapshot = useQuery({
    queryKey: boardKey(tournamentId),
    queryFn: () => fetchBoard(tournamentId),
    staleTime: Number.POSITIVE_INFINITY,
    // Without the stream (a proxy that buffers it, the server restarting) the board is polled until it is back.
    refetchInterval: stream === 'reconnecting' ? 10_000 : false,
  });

  const names = useQuery({
    queryKey: tournamentKey(tournamentId),
    queryFn: () => fetchTournament(tournamentId),
    staleTime: 60_000,
  });
  const nameById = useMemo(
    () => new Map((names.data?.players ?? []).map((p) => [p.playerId, p.name])),
    [names.data],
  );
  const nameOf = (playerId: string): string => {
    const substitute = playerId.match(/^substitute-(\d+)$/);
    if (substitute !== null) return t('substitute', { n: substitute[1] });
    return nameById.get(playerId) ?? playerId;
  };

  const board = snapshot.data?.board;
  // A player the tournament did not list when its names were read (a replacement): read them again.
  const unknownPlayer = (board?.tables ?? []).some((table) =>
    Object.values(table.seats).some((id) => !id.startsWith('substitute-') && !nameById.has(id)),
  );
  useEffect(() => {
    if (unknownPlayer && names.isSuccess && !names.isFetching)
      void queryClient.invalidateQueries({ queryKey: tournamentKey(tournamentId) });
  }, [unknownPlayer, names.isSuccess, names.isFetching, queryClient, tournamentId]);

  const now = useNow() + (snapshot.data?.serverOffsetMs ?? 0);
  const gridRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(gridRef);
  const tables = board?.tables ?? [];
  const layout = boardLayout(tables.length, area ?? { width: 1872, height: 940 }, GAP);
  const { page, secondsLeft } = usePaging(layout.pages, now);
  const shown = pageOf(tables, layout, page);
  const first = page * layout.perPage + 1;

  return (
    <div className="board">
      <Link to={`/tournaments/${encodeURIComponent(tournamentId)}`} className="board__leave">
        {t('leave')}
      </Link>
      <header className="board__top">
        <div className="board__titles">
          <h1 className="board__title">{names.data?.name ?? t('title')}</h1>
          {board?.round !== null && board?.round !== undefined && (
            <span className="board__round">{t('round', { round: board.round })}</span>
          )}
        </div>
        <RoundClock endsAt={board?.roundEndsAt ?? null} now={now} />
        <span className={`board__stream board__stream--${stream}`} role="status">
          {t(`stream.${stream}`)}
        </span>
        <FullScreenButton />
      </header>
      {layout.pages > 1 && (
        <p className="board__paging" aria-live="off">
          {t('paging', {
            from: first,
            to: first + shown.length - 1,
            count: tables.length,
            page: page + 1,
            pages: layout.pages,
            seconds: secondsLeft,
          })}
        </p>
      )}
      <Problem error={snapshot.error ?? names.error} onRetry={() => void snapshot.refetch()} />
      <div
        ref={gridRef}
        className="board__grid"
        style={{
          gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))`,
          gap: GAP,
        }}
      >
        {board !== undefined && tables.length === 0 && <p className="board__empty">{t('noRound')}</p>}
        {shown.map((table) => (
          <TableCard key={table.gameId} table={table} nameOf={nameOf} now={now} />
        ))}
      </div>
    </div>
  );
}

function RoundClock({ endsAt, now }: { readonly endsAt: string | null; readonly now: number }) {
  const { t } = useTranslation('board');
  if (endsAt === null) return <span className="board__clock" />;
  const left = Date.parse(endsAt) - now;
  const text = formatTimeLeft(left);
  return (
    <span
      className={`board__clock${text === undefined || left <= RUNNING_OUT_MS ? ' board__clock--low' : ''}`}
    >
      <span className="board__clock-label">{t('roundEnds')}</span> {text ?? t('timeUp')}
    </span>
  );
}

function FullScreenButton() {
  const { t } = useTranslation('board');
  if (document.fullscreenEnabled !== true) return null;
  return (
    <button
      type="button"
      className="board__full-screen"
      onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
    >
      {t('fullScreen')}
    </button>
  );
}
