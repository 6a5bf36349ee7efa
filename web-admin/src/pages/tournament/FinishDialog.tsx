// Finishing the tournament, behind a confirmation that says what it does and what still stands in the way.
// The request carries the revision the organizer saw (If-Match): had anything changed meanwhile (a dispute
// opened), the API answers 412 and the organizer looks again before finishing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { newIdempotencyKey } from '../../api/idempotency-key.ts';
import { unwrap } from '../../api/problem.ts';
import { Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';
import { finishBlockers, type TournamentView } from './tournament-view.ts';

const newKey = newIdempotencyKey;

export function FinishDialog({
  view,
  onFinished,
}: {
  readonly view: TournamentView;
  readonly onFinished: () => void;
}) {
  const { t } = useTranslation('tournament');
  const queryClient = useQueryClient();
  // Kept while the dialog is open, so pressing again after a dropped connection is the same command.
  const key = useRef(newKey());
  const finish = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/tournaments/{tournamentId}/finish', {
          params: { path: { tournamentId: view.tournamentId } },
          headers: { 'if-match': `"${view.revision}"`, 'idempotency-key': key.current },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tournament', view.tournamentId] });
      await queryClient.invalidateQueries({ queryKey: ['tournaments'] });
      onFinished();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ['tournament', view.tournamentId] }),
  });
  const { openRounds, openDisputes } = finishBlockers(view);
  const blocked = openRounds.length > 0 || openDisputes.length > 0;

  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (!open) return;
        key.current = newKey();
        finish.reset();
      }}
    >
      <Button variant="danger">{t('finish.button')}</Button>
      <ModalOverlay className="tournament-modal" isDismissable>
        <Modal className="tournament-modal__box">
          <Dialog className="tournament-modal__dialog" role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t('finish.title', { name: view.name })}</Heading>
                <p>{t('finish.what')}</p>
                <ul>
                  <li>{t('finish.effects.players')}</li>
                  <li>{t('finish.effects.rulings')}</li>
                  <li>{t('finish.effects.standings')}</li>
                </ul>
                <p>
                  <strong>{t('finish.irreversible')}</strong>
                </p>
                {blocked && (
                  <div className="notice" role="status">
                    <p>{t('finish.blocked')}</p>
                    <ul>
                      {openRounds.map((round) => (
                        <li key={`r${round}`}>{t('finish.openRound', { round })}</li>
                      ))}
                      {openDisputes.map((id) => (
                        <li key={id}>{t('finish.openDispute', { id })}</li>
                      ))}
                    </ul>
                  </div>
                )}
                <Problem error={finish.error} />
                <div className="tournament-modal__actions">
                  <Button onPress={close}>{t('actions.cancel', { ns: 'common' })}</Button>
                  <Button
                    variant="danger"
                    isDisabled={blocked || finish.isPending}
                    onPress={() => finish.mutate(undefined, { onSuccess: close })}
                  >
                    {finish.isPending ? t('finish.finishing') : t('finish.confirm')}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
