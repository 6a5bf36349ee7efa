// Seating a scheduled round (or seating a seated round again before it starts) by the method it was scheduled
// with: a random draw, the standings so far (Swiss), or tables the organizer pastes, previewed by name first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { TextField } from '../../components/TextField.tsx';
import { type SeatBody, seatRound } from './commands.ts';
import { namesOf, type TournamentView, type ViewRound, WINDS } from './tournament-view.ts';
import { previewUploaded, type UploadProblem } from './uploaded-tables.ts';
import { useCommand } from './use-command.ts';

export interface SeatPanelProps {
  readonly view: TournamentView;
  readonly round: ViewRound;
}

export function SeatPanel({ view, round }: SeatPanelProps) {
  const { t } = useTranslation('rounds');
  const reseat = round.phase === 'seated';
  const drawn = round.method === 'uploaded' ? undefined : round.method;
  const seat = useCommand(view.tournamentId, (input: { body: SeatBody; revision: number }, key) =>
    seatRound(view.tournamentId, round.round, input.body, key, input.revision),
  );
  const send = (body: SeatBody) =>
    void seat
      .mutateAsync({ body: reseat ? { ...body, reseat } : body, revision: view.revision })
      .catch(() => undefined);

  return (
    <section className="panel rounds__seating" aria-label={reseat ? t('seat.againTitle') : t('seat.title')}>
      {/* Seating again sits under its own disclosure, whose heading names it. */}
      {!reseat && <h3>{t('seat.title')}</h3>}
      {reseat && <p className="notice">{t('seat.againWarning')}</p>}
      {drawn === undefined ? (
        <UploadedSeating view={view} round={round} pending={seat.isPending} onSeat={send} />
      ) : (
        <>
          <p>{t(`seat.help.${drawn}`)}</p>
          <Button variant="primary" isDisabled={seat.isPending} onPress={() => send({ method: drawn })}>
            {t(`seat.submit.${drawn}`, { round: round.round })}
          </Button>
        </>
      )}
      <Problem error={seat.error} />
    </section>
  );
}

function UploadedSeating({
  view,
  round,
  pending,
  onSeat,
}: SeatPanelProps & { readonly pending: boolean; readonly onSeat: (body: SeatBody) => void }) {
  const { t } = useTranslation('rounds');
  const [text, setText] = useState('');
  const preview = previewUploaded(text, view.players);
  const nameOf = namesOf(view, (n) => t('substitute', { n }));
  const problemText = (problem: UploadProblem): string => {
    switch (problem.kind) {
      case 'unknown-player':
        return t('upload.problems.unknownPlayer', { line: problem.line, id: problem.id });
      case 'not-active':
        return t('upload.problems.notActive', {
          line: problem.line,
          id: problem.id,
          name: nameOf(problem.id),
        });
      case 'seated-twice':
        return t('upload.problems.seatedTwice', { id: problem.id, lines: problem.lines.join(', ') });
      case 'table-size':
        return t('upload.problems.tableSize', { line: problem.line, count: problem.size });
      case 'left-out':
        return t('upload.problems.leftOut', {
          count: problem.ids.length,
          names: problem.ids.map((id) => `${nameOf(id)} (${id})`).join(', '),
        });
    }
  };
  const ready = preview.tables.length > 0 && preview.problems.length === 0;

  return (
    <>
      <TextField
        label={t('upload.label')}
        description={t('upload.help')}
        multiline
        value={text}
        onChange={setText}
        placeholder={t('upload.placeholder')}
      />
      {preview.tables.length > 0 && (
        <div className="rounds__preview" aria-live="polite">
          <h4>{t('upload.previewTitle', { count: preview.tables.length })}</h4>
          <div className="rounds__scroll">
            <table className="data-table">
              <caption className="visually-hidden">
                {t('upload.previewTitle', { count: preview.tables.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('tables.table')}</th>
                  {WINDS.map((wind) => (
                    <th key={wind} scope="col">
                      {t(`common:seats.${wind}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.tables.map((table, index) => (
                  <tr key={table.line}>
                    <th scope="row">{index + 1}</th>
                    {WINDS.map((wind, seat) => {
                      const id = table.ids[seat];
                      return <td key={wind}>{id === undefined ? '—' : nameOf(id)}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.problems.length > 0 && (
            <div className="problem" role="status">
              <strong>{t('upload.problemsTitle', { count: preview.problems.length })}</strong>
              <ul>
                {preview.problems.map((problem) => (
                  <li key={JSON.stringify(problem)}>{problemText(problem)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <Button
        variant="primary"
        isDisabled={!ready || pending}
        onPress={() => onSeat({ method: 'uploaded', tables: preview.tables.map((table) => [...table.ids]) })}
      >
        {t('upload.submit', { count: preview.tables.length, round: round.round })}
      </Button>
    </>
  );
}
