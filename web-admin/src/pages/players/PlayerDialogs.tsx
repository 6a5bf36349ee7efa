// Withdrawing and replacing a player, each behind a dialog that says what it will do and asks why (kept on
// the record). The dialog stays open on a refusal, with the API's words on the field they concern.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { FormField } from './FormField.tsx';
import {
  keyFor,
  type Player,
  playerBody,
  type ReplaceForm,
  replaceSchema,
  type WithdrawForm,
  withdrawSchema,
} from './players-view.ts';
import { useCheckWords } from './use-check-words.ts';

interface ActionProps {
  readonly tournamentId: string;
  readonly player: Player;
  readonly onDone: (message: string) => void;
}

/** The API's field errors on the form's fields (`body.replacement.name` → `name`). */
function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly string[],
) {
  if (!(error instanceof ApiProblem)) return;
  for (const field of error.errors) {
    const name = field.path.replace(/^body\.(replacement\.)?/, '');
    if (fields.includes(name)) form.setError(name as never, { type: 'server', message: field.message });
  }
}

function ActionDialog({
  button,
  label,
  title,
  children,
}: {
  readonly button: string;
  readonly label: string;
  readonly title: string;
  readonly children: (close: () => void) => ReactNode;
}) {
  return (
    <DialogTrigger>
      <Button aria-label={label} className="players-action">
        {button}
      </Button>
      <ModalOverlay className="players-modal" isDismissable>
        <Modal className="players-modal__box">
          <Dialog className="players-modal__dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="players-modal__title">
                  {title}
                </Heading>
                {children(close)}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** A player's action behind its button: the dialog names the player, and closes once the action is done. */
function PlayerActionDialog({
  action,
  Fields,
  tournamentId,
  player,
  onDone,
}: ActionProps & { action: 'withdraw' | 'replace'; Fields: (props: ActionProps) => ReactNode }) {
  const { t } = useTranslation('players');
  const name = player.name;
  return (
    <ActionDialog
      button={t(`${action}.button`)}
      label={t(`${action}.label`, { name })}
      title={t(`${action}.title`, { name })}
    >
      {(close) => (
        <Fields
          tournamentId={tournamentId}
          player={player}
          onDone={(message) => {
            close();
            onDone(message);
          }}
        />
      )}
    </ActionDialog>
  );
}

export function WithdrawDialog(props: ActionProps) {
  return <PlayerActionDialog action="withdraw" Fields={WithdrawFields} {...props} />;
}

function WithdrawFields({ tournamentId, player, onDone }: ActionProps) {
  const { t } = useTranslation('players');
  const queryClient = useQueryClient();
  const words = useCheckWords();
  const form = useForm<WithdrawForm>({
    resolver: zodResolver(withdrawSchema(words)),
    defaultValues: { reason: '' },
  });
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const withdraw = useMutation({
    mutationFn: async (body: { reason: string }) =>
      unwrap(
        await api.POST('/api/tournaments/{tournamentId}/players/{playerId}/withdraw', {
          params: { path: { tournamentId, playerId: player.playerId } },
          body,
          headers: { 'idempotency-key': keyFor(attempt, body) },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
      onDone(t('withdraw.done', { name: player.name }));
    },
    onError: (error) => showFieldErrors(form, error, ['reason']),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => withdraw.mutate({ reason: values.reason.trim() }))}
    >
      <p>{t('withdraw.what', { name: player.name })}</p>
      <FormField
        control={form.control}
        name="reason"
        label={t('withdraw.reason')}
        description={t('withdraw.reasonHelp')}
        isRequired
        multiline
        autoFocus
      />
      <Problem error={withdraw.error} />
      <DialogActions>
        <Button type="submit" variant="danger" isDisabled={withdraw.isPending}>
          {withdraw.isPending ? t('withdraw.working') : t('withdraw.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function ReplaceDialog(props: ActionProps) {
  return <PlayerActionDialog action="replace" Fields={ReplaceFields} {...props} />;
}

function ReplaceFields({ tournamentId, player, onDone }: ActionProps) {
  const { t } = useTranslation('players');
  const queryClient = useQueryClient();
  const words = useCheckWords();
  const form = useForm<ReplaceForm>({
    resolver: zodResolver(replaceSchema(words)),
    defaultValues: { name: '', playerId: '', club: '', reason: '' },
  });
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  const replace = useMutation({
    mutationFn: async (values: ReplaceForm) => {
      const body = { replacement: playerBody(values), reason: values.reason.trim() };
      return unwrap(
        await api.POST('/api/tournaments/{tournamentId}/players/{playerId}/replace', {
          params: { path: { tournamentId, playerId: player.playerId } },
          body,
          headers: { 'idempotency-key': keyFor(attempt, body) },
        }),
      );
    },
    onSuccess: async (_, values) => {
      await queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
      onDone(t('replace.done', { name: values.name.trim(), old: player.name }));
    },
    // A refusal of the decider (the new id taken, the player already withdrawn) shows as the API words it.
    onError: (error) => showFieldErrors(form, error, ['name', 'playerId', 'club', 'reason']),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => replace.mutate(values))}>
      <p>{t('replace.what', { name: player.name })}</p>
      <FormField control={form.control} name="name" label={t('replace.name')} isRequired autoFocus />
      <FormField
        control={form.control}
        name="playerId"
        label={t('replace.playerId')}
        description={t('add.playerIdHelp')}
      />
      <FormField control={form.control} name="club" label={t('replace.club')} />
      <FormField
        control={form.control}
        name="reason"
        label={t('replace.reason')}
        description={t('withdraw.reasonHelp')}
        isRequired
        multiline
      />
      <Problem error={replace.error} />
      <DialogActions>
        <Button type="submit" variant="primary" isDisabled={replace.isPending}>
          {replace.isPending ? t('replace.working') : t('replace.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

function DialogActions({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="players-modal__actions">
      <Button slot="close">{t('actions.cancel')}</Button>
      {children}
    </div>
  );
}
