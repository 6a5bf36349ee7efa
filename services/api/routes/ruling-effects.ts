// What a ruling does to the hand it is about, once DisputeRuled is on record: a correction appends
// SettlementCorrected to the hand stream (adjusting or restating the settlement in force, which stays), a void-and-redeal
// voids the game's live hand so the same dealer deals again. The effect's command id derives from the
// ruling's, and its events record it (causationId), so a retried ruling carries out its effect once.
import {
  type CorrectionRejection,
  type CorrectionRejectionCode,
  type CorrectSettlement,
  decideCorrection,
} from '../../../domain/play/correction/index.ts';
import { handStream } from '../../../domain/play/metadata.ts';
import type { Dispute, RulingCommand } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import { type Actor, type CommandIds, eventsOfCommand, HAND_AGGREGATE, load } from '../../play/table.ts';
import { rejected } from '../problem.ts';

export const RULING_EFFECT_RULES = {
  correction: 'a correction adjusts or restates the settlement in force of a settled hand, between its seats',
  void: 'void-and-redeal voids the game’s current live hand; the same dealer deals again',
} as const;

/** The hand events a ruling appended (or had appended, on a retry). */
export interface RulingEffect {
  readonly stream: string;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
  readonly revision: number;
}

type Correction = Extract<RulingCommand, { kind: 'correction' }>;

const effectIds = (ids: CommandIds, effect: string): CommandIds => ({
  commandId: `${ids.commandId}:${effect}`,
  correlationId: ids.correlationId,
});

/** The domain's command for a ruling's correction. */
export function correctionCommand(
  ruling: Correction,
  reason: string,
  actor: { readonly role: 'organizer' | 'referee'; readonly id: string },
): CorrectSettlement {
  return {
    type: 'CorrectSettlement',
    mode: ruling.mode,
    change: { kind: 'transfers', transfers: ruling.transfers },
    wrong: ruling.wrong,
    reason,
    correctedBy: { role: actor.role, id: actor.id },
  };
}

const STATUS: { readonly [C in CorrectionRejectionCode]: 409 | 422 } = {
  'hand-not-settled': 409,
  'bad-correction': 422,
  'correction-not-zero-sum': 422,
  'correction-changes-nothing': 422,
  'already-amended': 409,
};

/** A correction's refusal as problem+json. */
export const correctionRefused = (rejection: CorrectionRejection) =>
  rejected(rejection, STATUS[rejection.code]);

/**
 * What a correction would do, decided on the hand as stored, nothing written: the event it would append, or
 * its refusal (thrown as problem+json). Checked before the ruling is recorded, and shown by the preview.
 */
export async function decideOnHand(
  platform: Platform,
  dispute: Pick<Dispute, 'gameId' | 'hand'>,
  command: CorrectSettlement,
) {
  const hand = await load(platform.store, handStream(dispute.gameId, dispute.hand), HAND_AGGREGATE);
  const decision = decideCorrection(
    command,
    hand.events,
    hand.stored.map((e) => e.id),
  );
  if ('rejection' in decision) throw correctionRefused(decision.rejection);
  return { hand, decision };
}

/** Refuses, before the ruling is recorded, a correction that cannot be carried out. */
export async function checkCorrection(
  platform: Platform,
  dispute: Dispute,
  ruling: Correction,
  reason: string,
  actor: { readonly role: 'organizer' | 'referee'; readonly id: string },
): Promise<void> {
  await decideOnHand(platform, dispute, correctionCommand(ruling, reason, actor));
}

/**
 * Appends SettlementCorrected for the ruling through the table (the game counts it, and a finished table's
 * result follows), unless this ruling's correction is on record already; a retry finishes what a crash left.
 */
export async function correctSettlement(
  platform: Platform,
  dispute: Dispute,
  ruling: Correction,
  reason: string,
  actor: Actor & { readonly role: 'organizer' | 'referee'; readonly id: string },
  ids: CommandIds,
): Promise<RulingEffect> {
  const stream = handStream(dispute.gameId, dispute.hand);
  const outcome = await platform.tables.correctHand(
    dispute.gameId,
    dispute.hand,
    correctionCommand(ruling, reason, actor),
    actor,
    effectIds(ids, 'correction'),
  );
  if (outcome.status === 'rejected') throw correctionRefused(outcome.rejection);
  const { type, data } = outcome.event;
  return { stream, events: [{ type, data }], revision: outcome.stored.revision };
}

/** Whether the game's current hand is the disputed one and still in play. */
async function isLive(platform: Platform, dispute: Dispute): Promise<boolean> {
  const { game, hand, handNumber } = await platform.tables.snapshot(dispute.gameId);
  const phase = hand?.state.phase.kind;
  return (
    game.state.phase === 'playing' &&
    handNumber === dispute.hand &&
    phase !== undefined &&
    phase !== 'not-started' &&
    phase !== 'won' &&
    phase !== 'ended'
  );
}

const notLive = (dispute: Dispute) =>
  rejected(
    {
      code: 'hand-not-live',
      rule: RULING_EFFECT_RULES.void,
      message: `hand ${dispute.hand} of ${dispute.gameId} is not the game’s live hand: it cannot be voided`,
    },
    409,
  );

/** Refuses, before the ruling is recorded, a void of a hand that is over or not yet dealt. */
export async function checkVoid(platform: Platform, dispute: Dispute): Promise<void> {
  if (!(await isLive(platform, dispute))) throw notLive(dispute);
}

/** Voids the live hand through the table service, which then deals the next hand with the same dealer. */
export async function voidHand(
  platform: Platform,
  dispute: Dispute,
  reason: string,
  actor: Actor,
  ids: CommandIds,
): Promise<RulingEffect> {
  const stream = handStream(dispute.gameId, dispute.hand);
  const own = effectIds(ids, 'void');
  if (!(await isLive(platform, dispute))) {
    // A retry after the void went through: the hand is over, by this ruling's own events.
    const hand = await load(platform.store, stream, HAND_AGGREGATE);
    const mine = eventsOfCommand(hand.stored, own.commandId);
    if (mine.length === 0) throw notLive(dispute);
    return {
      stream,
      events: mine.map((i) => ({ type: hand.events[i]!.type, data: hand.events[i]!.data })),
      revision: hand.stored[mine.at(-1)!]!.revision,
    };
  }
  const outcome = await platform.tables.act(
    dispute.gameId,
    { type: 'VoidHand', reason, at: platform.now() },
    actor,
    own,
  );
  if (outcome.status === 'rejected') throw notLive(dispute);
  return {
    stream,
    events: outcome.events.map(({ type, data }) => ({ type, data })),
    revision: outcome.stored.at(-1)?.revision ?? -1,
  };
}
