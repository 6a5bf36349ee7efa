// The scorer's page for a physical table (/score/:gameId): who won, how and from whom, each winner's tiles on
// the picker (or a declared score), a preview of every payment and new score, then the commit. Used on a
// phone or tablet at the table (UI.md), by a scorer token bound to the game, a referee or an organizer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import {
  type EntryPreview,
  type EntryRecorded,
  type EntryResult,
  enterHand,
  fetchNextHand,
  fetchTournament,
  newIdempotencyKey,
  previewEntry,
  type Seat,
} from './api.ts';
import { EntryFormView } from './EntryFormView.tsx';
import {
  changeForm,
  EMPTY_FORM,
  type EntryForm,
  type FormChange,
  type Place,
  resultOf,
} from './entry-form.ts';
import { messages } from './messages.ts';
import { PreviewPanel } from './PreviewPanel.tsx';
import { placeOf, samePlace } from './problems.ts';
import { RecordedPanel } from './RecordedPanel.tsx';
import { SeatsBar } from './SeatsBar.tsx';
import { type SeatView, tableView } from './table.ts';
import './scorer.css';

registerMessages('scorer', messages);

class HandMoved extends Error {
  override readonly name = 'HandMoved';
}

interface Previewed {
  readonly preview: EntryPreview;
  readonly result: EntryResult;
}

const claimSeats = (result: EntryResult): Seat[] =>
  result.kind === 'win' ? result.claims.map((c) => c.seat as Seat) : [];

export function ScorerPage() {
  const { gameId = '' } = useParams();
  const { t } = useTranslation('scorer');
  const { t: common } = useTranslation('common');
  const queryClient = useQueryClient();

  const next = useQuery({ queryKey: ['scorer', 'next-hand', gameId], queryFn: () => fetchNextHand(gameId) });
  const tournamentId = next.data?.tournamentId ?? undefined;
  const tournament = useQuery({
    queryKey: ['tournament', tournamentId],
    queryFn: () => fetchTournament(tournamentId!),
    enabled: tournamentId !== undefined,
  });

  const [form, setForm] = useState<EntryForm>(EMPTY_FORM);
  const [previewed, setPreviewed] = useState<Previewed>();
  const [problem, setProblem] = useState<{ readonly error: unknown; readonly place: Place }>();
  const [recorded, setRecorded] = useState<{
    readonly entry: EntryRecorded;
    readonly seats: readonly SeatView[];
  }>();
  // One key per entry, kept across retries of the same result, so a commit whose answer was lost is not
  // recorded twice; a changed entry is a new command and gets a new key.
  const commitKey = useRef<{ readonly result: string; readonly key: string } | undefined>(undefined);

  const preview = useMutation({ mutationFn: (result: EntryResult) => previewEntry(gameId, result) });
  const commit = useMutation({
    mutationFn: async ({
      result,
      hand,
      key,
      retry,
    }: {
      result: EntryResult;
      hand: number;
      key: string;
      retry: boolean;
    }) => {
      // The entry route takes no If-Match: the hand previewed must still be the one awaited.
      // A retry skips the check: its first try may have been recorded, and the API answers it with that
      // entry again under the same key.
      if (!retry) {
        const current = await fetchNextHand(gameId);
        if (current.hand !== hand) throw new HandMoved(t('movedHand', { hand, next: current.hand ?? '—' }));
      }
      return enterHand(gameId, result, key);
    },
  });

  useEffect(() => {
    if (previewed !== undefined) document.getElementById('scorer-preview-heading')?.focus();
  }, [previewed]);
  useEffect(() => {
    if (problem !== undefined && problem.place.kind !== 'general')
      document.querySelector('.scorer-problem')?.scrollIntoView({ block: 'center' });
  }, [problem]);

  if (next.isPending) return <Loading />;
  if (next.isError) return <Problem error={next.error} onRetry={() => void next.refetch()} />;

  const table = tableView(next.data, tournament.data);
  const hand = table.hand ?? next.data.handsRecorded;
  const title = table.table === null ? t('titleNoTable', { hand }) : t('title', { table: table.table, hand });

  const change = (edit: FormChange) => {
    setForm((f) => changeForm(f, edit));
    setPreviewed(undefined);
    setProblem(undefined);
  };

  const onPreview = () => {
    setProblem(undefined);
    const made = resultOf(form, table);
    if ('missing' in made) {
      setProblem({ error: new Error(t(made.missing.message)), place: made.missing.place });
      return;
    }
    const { result } = made;
    preview.mutate(result, {
      onSuccess: (answer) => {
        setRecorded(undefined);
        setPreviewed({ preview: answer, result });
      },
      onError: (error) => setProblem({ error, place: placeOf(error, claimSeats(result)) }),
    });
  };

  const onCommit = () => {
    if (previewed === undefined) return;
    const { result } = previewed;
    const json = JSON.stringify(result);
    const retry = commitKey.current?.result === json;
    if (!retry) commitKey.current = { result: json, key: newIdempotencyKey() };
    setProblem(undefined);
    commit.mutate(
      { result, hand: previewed.preview.hand, key: commitKey.current!.key, retry },
      {
        onSuccess: (entry) => {
          setRecorded({ entry, seats: table.seats });
          setForm(EMPTY_FORM);
          setPreviewed(undefined);
          commitKey.current = undefined;
          void queryClient.invalidateQueries({ queryKey: ['scorer', 'next-hand', gameId] });
          if (tournamentId !== undefined)
            void queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
        },
        onError: (error) => {
          if (error instanceof HandMoved) {
            // Never sent: the next try is a new command, checked again.
            commitKey.current = undefined;
            setPreviewed(undefined);
            void queryClient.invalidateQueries({ queryKey: ['scorer', 'next-hand', gameId] });
          }
          const place = placeOf(error, claimSeats(result));
          setProblem({ error, place: error instanceof HandMoved ? { kind: 'general' } : place });
          if (place.kind !== 'general') setPreviewed(undefined);
        },
      },
    );
  };

  const placeName = (place: Place): string => {
    if (place.kind !== 'claim') return t(`places.${place.kind}`);
    return t('places.claim', { wind: common(`seats.${place.seat}`) });
  };
  const problemAt = (place: Place): ReactNode => {
    if (problem === undefined) return null;
    if (samePlace(problem.place, place))
      return (
        <div className="scorer-problem">
          <Problem error={problem.error} />
        </div>
      );
    // Beside Preview, a pointer to the control the problem is shown at: on a phone it may be a screen up.
    if (place.kind === 'general' && problem.place.kind !== 'general')
      return <p className="scorer-pointer">{t('refusedAt', { place: placeName(problem.place) })}</p>;
    return null;
  };

  return (
    <div className="scorer">
      <PageHeader title={title} />
      {table.tournamentName !== undefined && table.round !== null && (
        <p className="scorer-sub">{t('tournament', { name: table.tournamentName, round: table.round })}</p>
      )}
      <SeatsBar seats={table.seats} prevalentWind={table.prevalentWind} />
      {recorded !== undefined && <RecordedPanel recorded={recorded.entry} seats={recorded.seats} />}
      {table.over || next.data.ended !== null ? (
        <p className="notice">{next.data.ended ?? t('over')}</p>
      ) : table.recording === 'live' ? (
        <p className="notice">{t('live')}</p>
      ) : (
        <>
          <EntryFormView
            form={form}
            change={change}
            table={table}
            problemAt={
              previewed === undefined
                ? problemAt
                : (place) => (place.kind === 'general' ? null : problemAt(place))
            }
            onPreview={onPreview}
            previewing={preview.isPending}
          />
          {previewed !== undefined && (
            <PreviewPanel
              preview={previewed.preview}
              seats={table.seats}
              onCommit={onCommit}
              onEdit={() => setPreviewed(undefined)}
              committing={commit.isPending}
              problem={problemAt({ kind: 'general' })}
            />
          )}
        </>
      )}
    </div>
  );
}
