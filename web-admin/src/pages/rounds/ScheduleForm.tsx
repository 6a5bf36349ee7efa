// Scheduling a round, or scheduling it again until it is seated: how it is seated, how each table's game
// ends, the round clock and whether hands are played live or entered by a scorer.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { FieldError, Form, Input, Label, NumberField, Radio, RadioGroup, Text } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { type ScheduleBody, scheduleRound } from './commands.ts';
import type { GameEnd, TournamentView, ViewRound } from './tournament-view.ts';
import { WINDS } from './tournament-view.ts';
import { useCommand } from './use-command.ts';

const METHODS = ['random', 'swiss', 'uploaded'] as const;
const END_KINDS = ['rounds', 'hands', 'time-limit'] as const;
const RECORDINGS = ['live', 'entered'] as const;

/** A datetime-local field's value (local time, to the minute) for an ISO time. */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

function useScheduleSchema() {
  const { t } = useTranslation('rounds');
  return useMemo(
    () =>
      z
        .object({
          method: z.enum(METHODS),
          endKind: z.enum(END_KINDS),
          last: z.enum(WINDS),
          hands: z
            .number({ error: t('schedule.errors.hands') })
            .int(t('schedule.errors.hands'))
            .min(1, t('schedule.errors.hands')),
          at: z.string(),
          minutes: z
            .number({ error: t('schedule.errors.minutes') })
            .int(t('schedule.errors.minutes'))
            .min(1, t('schedule.errors.minutes'))
            .max(24 * 60, t('schedule.errors.minutes')),
          recording: z.enum(RECORDINGS),
        })
        .superRefine((values, ctx) => {
          if (values.endKind === 'time-limit' && Number.isNaN(Date.parse(values.at)))
            ctx.addIssue({ code: 'custom', path: ['at'], message: t('schedule.errors.at') });
        }),
    [t],
  );
}
type ScheduleValues = z.infer<ReturnType<typeof useScheduleSchema>>;

function defaultsOf(round: ViewRound | undefined): ScheduleValues {
  const end = round?.end;
  return {
    method: round?.method ?? 'random',
    endKind: end?.kind ?? 'rounds',
    last: end?.kind === 'rounds' ? end.last : 'S',
    hands: end?.kind === 'hands' ? end.count : 8,
    at: end?.kind === 'time-limit' ? localInputValue(end.at) : '',
    minutes: round?.minutes ?? 90,
    recording: round?.recording ?? 'live',
  };
}

function endOf(values: ScheduleValues): GameEnd {
  switch (values.endKind) {
    case 'rounds':
      return { kind: 'rounds', last: values.last };
    case 'hands':
      return { kind: 'hands', count: values.hands };
    case 'time-limit':
      return { kind: 'time-limit', at: new Date(values.at).toISOString() };
  }
}

export interface ScheduleFormProps {
  readonly view: TournamentView;
  readonly round: number;
  /** The round as scheduled, when scheduling it again. */
  readonly existing?: ViewRound;
  readonly onScheduled?: (round: number) => void;
}

export function ScheduleForm({ view, round, existing, onScheduled }: ScheduleFormProps) {
  const { t } = useTranslation('rounds');
  const schema = useScheduleSchema();
  const { control, handleSubmit, watch } = useForm<ScheduleValues>({
    resolver: zodResolver(schema),
    defaultValues: defaultsOf(existing),
  });
  const schedule = useCommand(view.tournamentId, (input: { body: ScheduleBody; revision: number }, key) =>
    scheduleRound(view.tournamentId, input.body, key, input.revision),
  );
  const endKind = watch('endKind');

  const submit = handleSubmit(async (values) => {
    const body: ScheduleBody = {
      round,
      method: values.method,
      end: endOf(values),
      minutes: values.minutes,
      recording: values.recording,
    };
    await schedule.mutateAsync({ body, revision: view.revision }).then(
      () => onScheduled?.(round),
      () => undefined,
    );
  });

  return (
    <Form
      className="rounds__form"
      aria-label={t('schedule.formLabel', { round })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <RadioGroup value={field.value} onChange={field.onChange} className="rounds__radio-group">
            <Label className="field__label">{t('schedule.method')}</Label>
            <div className="rounds__options">
              {METHODS.map((method) => (
                <Radio key={method} value={method} className="rounds__option">
                  <strong>{t(`method.${method}`)}</strong>
                  <span className="rounds__option-help">{t(`schedule.methodHelp.${method}`)}</span>
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
      />

      <Controller
        control={control}
        name="endKind"
        render={({ field }) => (
          <RadioGroup value={field.value} onChange={field.onChange} className="rounds__radio-group">
            <Label className="field__label">{t('schedule.end')}</Label>
            <div className="rounds__options">
              {END_KINDS.map((kind) => (
                <Radio key={kind} value={kind} className="rounds__option">
                  <strong>{t(`schedule.endKind.${kind}`)}</strong>
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
      />

      {endKind === 'rounds' && (
        <Controller
          control={control}
          name="last"
          render={({ field }) => (
            <RadioGroup value={field.value} onChange={field.onChange} className="rounds__radio-group">
              <Label className="field__label">{t('schedule.last')}</Label>
              <div className="rounds__options rounds__options--compact">
                {WINDS.map((wind) => (
                  <Radio key={wind} value={wind} className="rounds__option">
                    {t(`end.rounds.${wind}`)}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
          )}
        />
      )}
      {endKind === 'hands' && (
        <Controller
          control={control}
          name="hands"
          render={({ field, fieldState }) => (
            <NumberField
              value={field.value}
              onChange={field.onChange}
              minValue={1}
              isInvalid={fieldState.error !== undefined}
              className="field rounds__number"
            >
              <Label className="field__label">{t('schedule.hands')}</Label>
              <Input className="field__input" />
              <FieldError className="field__error">{fieldState.error?.message}</FieldError>
            </NumberField>
          )}
        />
      )}
      {endKind === 'time-limit' && (
        <Controller
          control={control}
          name="at"
          render={({ field, fieldState }) => (
            <div className="field rounds__number">
              <label className="field__label" htmlFor={`rounds-at-${round}`}>
                {t('schedule.at')}
              </label>
              <input
                id={`rounds-at-${round}`}
                type="datetime-local"
                className="field__input"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                aria-invalid={fieldState.error !== undefined}
                aria-describedby={fieldState.error ? `rounds-at-${round}-error` : undefined}
              />
              {fieldState.error && (
                <span id={`rounds-at-${round}-error`} className="field__error">
                  {fieldState.error.message}
                </span>
              )}
            </div>
          )}
        />
      )}

      <Controller
        control={control}
        name="minutes"
        render={({ field, fieldState }) => (
          <NumberField
            value={field.value}
            onChange={field.onChange}
            minValue={1}
            maxValue={24 * 60}
            isInvalid={fieldState.error !== undefined}
            className="field rounds__number"
          >
            <Label className="field__label">{t('schedule.minutes')}</Label>
            <Input className="field__input" />
            <Text slot="description" className="field__description">
              {t('schedule.minutesHelp')}
            </Text>
            <FieldError className="field__error">{fieldState.error?.message}</FieldError>
          </NumberField>
        )}
      />

      <Controller
        control={control}
        name="recording"
        render={({ field }) => (
          <RadioGroup value={field.value} onChange={field.onChange} className="rounds__radio-group">
            <Label className="field__label">{t('schedule.recording')}</Label>
            <div className="rounds__options">
              {RECORDINGS.map((recording) => (
                <Radio key={recording} value={recording} className="rounds__option">
                  <strong>{t(`recording.${recording}`)}</strong>
                  <span className="rounds__option-help">{t(`schedule.recordingHelp.${recording}`)}</span>
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
      />

      <Problem error={schedule.error} />
      <Button type="submit" variant="primary" isDisabled={schedule.isPending}>
        {existing === undefined ? t('schedule.submit', { round }) : t('schedule.again', { round })}
      </Button>
    </Form>
  );
}
