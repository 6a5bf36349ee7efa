// Extra time for one table (a long dispute, a late start): minutes and why, with the table's new end shown
// before it is granted. Referees may do it too; here it is the organizer.
import { useState } from 'react';
import { Input, Label, NumberField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { clockText } from './clock.ts';
import { extendTable } from './commands.ts';
import type { ViewRound, ViewTable } from './tournament-view.ts';
import { useCommand } from './use-command.ts';

export interface ExtendTableDialogProps {
  readonly tournamentId: string;
  readonly round: ViewRound;
  readonly table: ViewTable;
  readonly now: number;
}

export function ExtendTableDialog({ tournamentId, round, table, now }: ExtendTableDialogProps) {
  const { t, i18n } = useTranslation('rounds');
  const [minutes, setMinutes] = useState(5);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const extend = useCommand(tournamentId, (input: { minutes: number; reason: string }, key) =>
    extendTable(tournamentId, round.round, table.table, input, key),
  );
  const validMinutes = Number.isInteger(minutes) && minutes >= 1 && minutes <= 24 * 60;
  const validReason = reason.trim() !== '';
  const time = (ms: number) =>
    new Date(ms).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const endsAt = table.endsAt === null ? undefined : Date.parse(table.endsAt);

  return (
    <ConfirmDialog
      trigger={t('extend.trigger')}
      title={t('extend.title', { table: table.table })}
      confirm={t('extend.confirm', { table: table.table, count: validMinutes ? minutes : 0 })}
      pending={extend.isPending}
      error={extend.error}
      onOpenChange={(open) => {
        if (!open) return;
        extend.reset();
        setTried(false);
        setReason('');
      }}
      onConfirm={() => {
        setTried(true);
        if (!validMinutes || !validReason) return Promise.reject(new Error('invalid'));
        return extend.mutateAsync({ minutes, reason: reason.trim() });
      }}
    >
      <NumberField
        value={minutes}
        onChange={setMinutes}
        minValue={1}
        maxValue={24 * 60}
        className="field rounds__number"
        isInvalid={tried && !validMinutes}
      >
        <Label className="field__label">{t('extend.minutes')}</Label>
        <Input className="field__input" />
      </NumberField>
      <TextField
        label={t('extend.reason')}
        description={t('extend.reasonHelp')}
        value={reason}
        onChange={setReason}
        isRequired
        errorMessage={tried && !validReason ? t('extend.reasonMissing') : undefined}
      />
      {endsAt !== undefined && validMinutes && (
        <p className="rounds__effect">
          {t('extend.effect', {
            table: table.table,
            before: time(endsAt),
            after: time(endsAt + minutes * 60_000),
            left: clockText(Math.max(0, Math.ceil((endsAt + minutes * 60_000 - now) / 1000))),
          })}
        </p>
      )}
    </ConfirmDialog>
  );
}
