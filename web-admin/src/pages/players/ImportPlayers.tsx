// Players from a CSV file or pasted text, in two steps: a preview (the API's dry run: every row checked, the
// ids it will use, names shared with other players flagged; nothing written), then the import itself, sent
// with the revision the preview saw (If-Match), so what is registered is exactly what was previewed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Checkbox, FileTrigger, Label, TextArea, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { DuplicateNotice } from './DuplicateNotice.tsx';
import { type ImportReply, keyFor, rowProblems } from './players-view.ts';

export function ImportPlayers({ tournamentId }: { readonly tournamentId: string }) {
  const { t } = useTranslation('players');
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | undefined>();
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  const [imported, setImported] = useState<ImportReply | undefined>();
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const path = { tournamentId };

  const preview = useMutation({
    mutationFn: async (text: string) => {
      if (text.trim() === '') throw new Error(t('import.empty'));
      const reply = unwrap(
        await api.POST('/api/tournaments/{tournamentId}/players/import', {
          params: { path, query: { dryRun: 'true' } },
          body: { csv: text },
        }),
      );
      return { reply, csv: text };
    },
  });
  const run = useMutation({
    mutationFn: async (previewed: { reply: ImportReply; csv: string }) => {
      const allow = previewed.reply.duplicateNames.length > 0 && allowDuplicates;
      const body = { csv: previewed.csv };
      return unwrap(
        await api.POST('/api/tournaments/{tournamentId}/players/import', {
          params: { path, query: allow ? { allowDuplicateNames: 'true' } : {} },
          body,
          headers: {
            'if-match': `"${previewed.reply.revision}"`,
            'idempotency-key': keyFor(attempt, { body, allow, revision: previewed.reply.revision }),
          },
        }),
      );
    },
    onSuccess: async (reply) => {
      setImported(reply);
      setCsv('');
      setFileName(undefined);
      setAllowDuplicates(false);
      preview.reset();
      await queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
    },
  });

  const edit = (text: string) => {
    setCsv(text);
    // A preview speaks of the text it was made from: another text needs its own.
    preview.reset();
    run.reset();
    setImported(undefined);
  };

  const previewed = preview.data?.csv === csv ? preview.data : undefined;
  const flaggedRows = new Set(previewed?.reply.duplicateNames.flatMap((d) => d.rows) ?? []);
  const needsConsent = (previewed?.reply.duplicateNames.length ?? 0) > 0;
  const problems = preview.error instanceof ApiProblem ? rowProblems(preview.error.errors) : [];
  const stale = run.error instanceof ApiProblem && run.error.status === 412;

  return (
    <section className="panel players-import" aria-labelledby="players-import-title">
      <h2 id="players-import-title">{t('import.title')}</h2>
      <p className="field__description">{t('import.explain')}</p>
      <div className="players-import__file">
        <FileTrigger
          acceptedFileTypes={['.csv', 'text/csv', 'text/plain']}
          onSelect={(files) => {
            const file = files?.[0];
            if (file === undefined) return;
            void file.text().then((text) => {
              edit(text);
              setFileName(file.name);
            });
          }}
        >
          <Button>{t('import.file')}</Button>
        </FileTrigger>
        {fileName !== undefined && <span role="status">{t('import.fileChosen', { file: fileName })}</span>}
      </div>
      <TextField className="field" value={csv} onChange={edit} autoComplete="off">
        <Label className="field__label">{t('import.paste')}</Label>
        <TextArea
          className="field__input field__input--multiline players-import__text"
          placeholder={'name,id,club\n'}
        />
      </TextField>
      <Button variant="primary" isDisabled={preview.isPending} onPress={() => preview.mutate(csv)}>
        {preview.isPending ? t('import.previewing') : t('import.preview')}
      </Button>

      {problems.length > 0 ? (
        <div role="alert" className="problem">
          <strong>{t('import.rowProblems')}</strong>
          <ul>
            {problems.map((p) => (
              <li key={`${p.row}.${p.field}`}>{t('import.rowProblem', p)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Problem error={preview.error} />
      )}

      {previewed !== undefined && (
        <div className="players-import__preview">
          <h3>{t('import.previewTitle')}</h3>
          <p>{t('import.willRegister', { count: previewed.reply.players.length })}</p>
          <div className="players-import__rows">
            <table className="data-table players-table">
              <thead>
                <tr>
                  <th scope="col" className="number">
                    {t('import.row')}
                  </th>
                  <th scope="col">{t('list.id')}</th>
                  <th scope="col">{t('list.name')}</th>
                  <th scope="col">{t('list.club')}</th>
                </tr>
              </thead>
              <tbody>
                {previewed.reply.players.map((player) => (
                  <tr
                    key={player.row}
                    className={flaggedRows.has(player.row) ? 'players-row--flagged' : undefined}
                  >
                    <td className="number" data-label={t('import.row')}>
                      {player.row}
                    </td>
                    <td data-label={t('list.id')}>
                      <code>{player.playerId}</code>
                    </td>
                    <td data-label={t('list.name')}>
                      {player.name}
                      {flaggedRows.has(player.row) && (
                        <span className="players-flag">{t('import.flagged')}</span>
                      )}
                    </td>
                    <td data-label={t('list.club')}>{player.club ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DuplicateNotice duplicates={previewed.reply.duplicateNames} />
          {needsConsent && (
            <Checkbox className="players-checkbox" isSelected={allowDuplicates} onChange={setAllowDuplicates}>
              <span className="players-checkbox__box" aria-hidden="true">
                <svg viewBox="0 0 18 18" aria-hidden="true">
                  <polyline points="3 9 7 13 15 5" />
                </svg>
              </span>
              <span>
                <strong>{t('import.allowDuplicates')}</strong>
                <span className="field__description players-checkbox__help">
                  {t('import.allowDuplicatesHelp')}
                </span>
              </span>
            </Checkbox>
          )}
          {stale ? (
            <p className="notice" role="alert">
              {t('import.changed')}
            </p>
          ) : (
            <Problem error={run.error} />
          )}
          <Button
            variant="primary"
            isDisabled={run.isPending || (needsConsent && !allowDuplicates)}
            onPress={() => run.mutate(previewed)}
          >
            {run.isPending
              ? t('import.importing')
              : t('import.confirm', { count: previewed.reply.players.length })}
          </Button>
        </div>
      )}

      {imported !== undefined && (
        <>
          <p className="success" role="status">
            {t('import.imported', { count: imported.players.length })}
          </p>
          <DuplicateNotice duplicates={imported.duplicateNames} />
        </>
      )}
    </section>
  );
}
