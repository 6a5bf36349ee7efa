// One organizer action as a mutation with its Idempotency-Key: the same action retried after a dropped
// connection keeps its key (the server then replays the first answer instead of appending twice); once the
// API has answered — done, or refused, which the server keeps for that key too — the next action gets a new one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { newIdempotencyKey } from '../../api/idempotency-key.ts';
import { ApiProblem } from '../../api/problem.ts';
import { tournamentKey } from './tournament-view.ts';

export { newIdempotencyKey };

export function useCommand<V>(tournamentId: string, send: (variables: V, key: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const pending = useRef<{ readonly variables: string; readonly key: string } | undefined>(undefined);
  return useMutation({
    mutationFn: (variables: V) => {
      const fingerprint = JSON.stringify(variables);
      if (pending.current?.variables !== fingerprint)
        pending.current = { variables: fingerprint, key: newIdempotencyKey() };
      return send(variables, pending.current.key);
    },
    onSuccess: () => {
      pending.current = undefined;
    },
    onError: (error) => {
      if (error instanceof ApiProblem && error.status < 500) pending.current = undefined;
    },
    // Done or refused, the page shows the tournament as it now stands (a refusal often means it moved on).
    onSettled: () => queryClient.invalidateQueries({ queryKey: tournamentKey(tournamentId) }),
  });
}
