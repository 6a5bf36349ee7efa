// A new tournament: its name and optional id and seed, the rule preset with every option of it (description,
// default, amendability, the rule text it follows), and how standings are counted. The API's refusal of a
// field is shown on that field; a created tournament opens its overview.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { newIdempotencyKey } from '../../api/idempotency-key.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Loading, Problem } from '../../components/Problem.tsx';
import { registerMessages } from '../../i18n/index.ts';
import { FormTextField } from './FormTextField.tsx';
import { messages } from './messages.ts';
import {
  createRequest,
  DEFAULT_TABLE_POINTS,
  type FormWords,
  fieldOfProblemPath,
  formSchema,
  type NewTournamentForm,
} from './new-tournament-form.ts';
import { OptionField } from './OptionField.tsx';
import { PresetChooser } from './PresetChooser.tsx';
import { initialValues, type Preset } from './preset-options.ts';
import { ScoringFields } from './ScoringFields.tsx';
import './tournament-new.css';

registerMessages('tournament-new', messages);

export function NewTournamentPage() {
  const { t } = useTranslation('tournament-new');
  const presets = useQuery({
    queryKey: ['presets'],
    queryFn: async () => unwrap(await api.GET('/api/presets', {})),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <PageHeader title={t('title')} />
      <p className="tournament-new-intro">{t('intro')}</p>
      {presets.isPending ? (
        <Loading />
      ) : presets.isError ? (
        <Problem error={presets.error} onRetry={() => void presets.refetch()} />
      ) : (
        <NewTournamentFormView presets={presets.data.presets} />
      )}
    </>
  );
}

function NewTournamentFormView({ presets }: { readonly presets: readonly Preset[] }) {
  const { t } = useTranslation('tournament-new');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const first = presets[0];
  const presetOf = (id: string) => presets.find((p) => p.id === id);

  const words = useMemo<FormWords>(
    () => ({
      name: t('check.name'),
      nameLong: t('check.nameLong'),
      tournamentId: t('check.tournamentId'),
      seed: t('check.seed'),
      required: t('check.required'),
      whole: t('check.whole'),
      atLeast: (min) => t('check.atLeast', { min }),
      atMost: (max) => t('check.atMost', { max }),
      json: t('check.json'),
      descending: t('check.descending'),
    }),
    [t],
  );
  // The options to check depend on the preset chosen, so the schema is made per validation.
  const resolver: Resolver<NewTournamentForm> = (values, context, options) =>
    zodResolver(formSchema(presetOf(values.preset), words))(values, context, options);

  const form = useForm<NewTournamentForm>({
    resolver,
    defaultValues: {
      name: '',
      tournamentId: '',
      preset: first?.id ?? '',
      options: initialValues(first),
      scoring: { kind: 'points', values: [...DEFAULT_TABLE_POINTS] },
      seed: '',
    },
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, setValue } = form;
  const presetId = useWatch({ control, name: 'preset' });
  const preset = presetOf(presetId);

  // One key per submitted request: a retry of the same values (a dropped connection) is the same command.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const create = useMutation({
    mutationFn: async (body: ReturnType<typeof createRequest>) => {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
      return unwrap(
        await api.POST('/api/tournaments', { body, headers: { 'idempotency-key': attempt.current.key } }),
      );
    },
    onSuccess: async (reply) => {
      const id = (reply.events[0]?.data as { tournamentId?: string } | undefined)?.tournamentId;
      await queryClient.invalidateQueries({ queryKey: ['tournaments'] });
      if (id !== undefined) navigate(`/tournaments/${encodeURIComponent(id)}`);
    },
    onError: (error) => {
      if (!(error instanceof ApiProblem)) return;
      for (const field of error.errors) {
        const name = fieldOfProblemPath(field.path, preset);
        if (name !== undefined) setError(name as never, { type: 'server', message: field.message });
      }
      // The decider's refusals of a create: 409 the id is taken, 422 the table points.
      if (error.code === 'rejected' && error.status === 409)
        setError('tournamentId', { type: 'server', message: error.message });
      if (error.code === 'rejected' && error.status === 422)
        setError('scoring.kind', { type: 'server', message: error.message });
    },
  });

  const onSubmit = (values: NewTournamentForm) => {
    if (preset === undefined) return;
    create.mutate(createRequest(values, preset));
  };

  return (
    <form className="tournament-new-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <fieldset className="tournament-new-section">
        <legend>{t('general')}</legend>
        <FormTextField
          control={control}
          name="name"
          label={t('name')}
          description={t('nameHelp')}
          isRequired
        />
        <FormTextField
          control={control}
          name="tournamentId"
          label={t('tournamentId')}
          description={t('tournamentIdHelp')}
        />
        <FormTextField control={control} name="seed" label={t('seed')} description={t('seedHelp')} />
      </fieldset>

      <fieldset className="tournament-new-section">
        <legend>{t('rules')}</legend>
        <Controller
          control={control}
          name="preset"
          render={({ field }) => (
            <PresetChooser
              presets={presets}
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                // Another preset has other options: start them at its defaults.
                setValue('options', initialValues(presetOf(id)));
              }}
            />
          )}
        />
        {preset !== undefined && (
          <section className="tournament-new-options" aria-labelledby="tournament-new-options-title">
            <h2 id="tournament-new-options-title">
              {t('options', { preset: t(`presets.${preset.id}`, { defaultValue: preset.id }) })}
            </h2>
            <p className="field__description">{t('optionsHelp')}</p>
            <div className="tournament-new-options__grid" key={preset.id}>
              {preset.options.map((option) => (
                <OptionField key={option.name} option={option} control={control} />
              ))}
            </div>
          </section>
        )}
      </fieldset>

      <ScoringFields control={control} />

      <Problem error={create.error} />
      <div className="tournament-new-actions">
        <Button type="submit" variant="primary" isDisabled={create.isPending}>
          {create.isPending ? t('creating') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
