// What the tournament's deciders share: the decision's shape and how an event is written.
import type { TournamentEvent, TournamentEventOf, TournamentEventType } from './events.ts';
import type { TournamentRejection } from './rejection.ts';

export type TournamentDecision =
  | { readonly events: TournamentEvent[] }
  | { readonly rejection: TournamentRejection };

export function event<T extends TournamentEventType>(
  type: T,
  data: TournamentEventOf<T>['data'],
): TournamentEventOf<T> {
  return { type, schemaVersion: 1, data } as TournamentEventOf<T>;
}

export const one = (e: TournamentEvent): TournamentDecision => ({ events: [e] });
