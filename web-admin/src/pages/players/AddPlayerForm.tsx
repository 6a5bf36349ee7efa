// One player added by hand: name, optional id and club. A name another player has already is registered as
// given and flagged in the API's reply, shown here; an id taken is refused on the id field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { DuplicateNotice } from './DuplicateNotice.tsx';
import { FormField } from './FormField.tsx';
import { type AddForm, addSchema, keyFor, playerBody, type Registered } from './players-view.ts';
import { useCheckWords } from './use-check-words.ts';

export function AddPlayerForm({ tournamentId }: { readonly tournamentId: string }) {
  const { t } = useTranslation('players');
  const queryClient = useQueryClient();
  const words = useCheckWords();
  const form = useForm<AddForm>({
    resolver: zodResolver(addSchema(words)),
    defaultValues: { name: '', playerId: '', club: '' },
  });
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const [done, setDone] = useState<{ name: string; id: string; reply: Registered } | undefined>();

  const add = useMutation({
    mutationFn: async (body: ReturnType<typeof playerBody>) =>
      unwrap(
        await api.POST('/api/tournaments/{tournamentId}/players', {
          params: { path: { tournamentId } },
          body,
          headers: { 'idempotency-key': keyFor(attempt, body) },
        }),
      ),
    onSuccess: async (reply, body) => {
      const registered = reply.events[0]?.data as { playerId?: string } | undefined;
      setDone({ name: body.name, id: registered?.playerId ?? '', reply });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
    },
    onError: (error) => {
      if (!(error instanceof ApiProblem)) return;
      for (const field of error.errors) {
        const name = field.path.replace(/^body\./, '');
        if (name === 'name' || name === 'playerId' || name === 'club')
          form.setError(name, { type: 'server', message: field.message });
      }
      // The decider's refusals of a registration name the id: taken (409), or a substitute's (422).
      if (error.code === 'rejected') form.setError('playerId', { type: 'server', message: error.message });
    },
  });

  return (
    <section className="panel players-add" aria-labelledby="players-add-title">
      <h2 id="players-add-title">{t('add.title')}</h2>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setDone(undefined);
          add.mutate(playerBody(values));
        })}
      >
        <div className="players-add__fields">
          <FormField control={form.control} name="name" label={t('add.name')} isRequired />
          <FormField
            control={form.control}
            name="playerId"
            label={t('add.playerId')}
            description={t('add.playerIdHelp')}
          />
          <FormField
            control={form.control}
            name="club"
            label={t('add.club')}
            description={t('add.clubHelp')}
          />
        </div>
        <Button type="submit" variant="primary" isDisabled={add.isPending}>
          {add.isPending ? t('add.adding') : t('add.submit')}
        </Button>
      </form>
      <Problem error={add.error} />
      {done !== undefined && (
        <>
          <p className="success" role="status">
            {t('add.added', { name: done.name, id: done.id })}
          </p>
          <DuplicateNotice duplicates={done.reply.duplicateNames} />
        </>
      )}
    </section>
  );
}
