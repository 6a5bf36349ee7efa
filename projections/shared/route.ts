// Which tournament an event is about: its own stream's, or that of the game its stream names (the runner's
// lookup). Projections kept per tournament read a hand stream's events only of the types they fold: the
// draws, discards and claims that make up most of a hand would otherwise each rewrite the document.
import { type Decoded, streamRef } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';

export function tournamentKeys(
  { event, meta }: Decoded,
  game: GameRef | undefined,
  handTypes?: ReadonlySet<string>,
): string[] {
  const ref = streamRef(meta.stream);
  if (ref.kind === 'tournament') return [ref.tournamentId];
  if (ref.kind === 'hand' && handTypes !== undefined && !handTypes.has(event.type)) return [];
  return game?.tournamentId == null ? [] : [game.tournamentId];
}
