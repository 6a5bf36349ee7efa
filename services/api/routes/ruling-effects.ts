// What a ruling does to the hand it is about, once DisputeRuled is on record: a correction appends
// SettlementCorrected to the hand stream (replacing the settlement in force, which stays), a void-and-redeal
// voids the game's live hand so the same dealer deals again. The effect's command id derives from the
// ruling's, and its events record it (causationId), so a retried ruling carries out its effect once.
import type { PlayEvent } from '../../../domain/play/events.ts';
import type { HandState } from '../../../domain/play/hand/index.ts';
import { handStream } from '../../../domain/play/metadata.ts';
import { SettlementCorrected } from '../../../domain/play/payment-events.ts';
import type { Seat } from '../../../domain/rules/seats.ts';
import type { Dispute, RulingCommand } from '../../../domain/tournament/index.ts';
import { WrongExpectedVersion } from '../../eventstore/port.ts';
import type { Platform } from '../../platform.ts';
import {
  type Actor,
  type CommandIds,
  eventsOfCommand,
  HAND_AGGREGATE,
  type Loaded,
  load,
  metadataOf,
} from '../../play/table.ts';
import { rejected } from '../problem.ts';

export const RULING_EFFECT_RULES = {
  correction: 'a correction replaces the settlement in force of a settled hand, paid between its seats',
  void: 'void-and-redeal voids the game’s current live hand; the same dealer deals again',
} as const;

/** The hand events a ruling appended (or had appended, on a retry). */
export interface RulingEffect {
  readonly stream: string;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
  readonly revision: number;
}

type Correction = Extract<RulingCommand, { kind: 'correction' }>;
type HandLoaded = Loaded<PlayEvent, HandState>;

const effectIds = (ids: CommandIds, effect: string): CommandIds => ({
  commandId: `${ids.commandId}:${effect}`,
  correlationId: ids.correlationId,
});

/** The settlement a correction replaces: the last HandSettled or SettlementCorrected of the hand. */
function settlementInForce(hand: HandLoaded) {
  for (let i = hand.events.length - 1; i >= 0; i--) {
    const event = hand.events[i]!;
    if (event.type === 'HandSettled' || event.type === 'SettlementCorrected')
      return { id: hand.stored[i]!.id, event };
  }
  return undefined;
}

/** The seats at the hand's table, from its first event (dealt live, or entered). */
function seatsOfHand(hand: HandLoaded): readonly Seat[] {
  const first = hand.events[0];
  const winds =
    first?.type === 'HandStarted' || first?.type === 'HandResultEntered' ? first.data.seatWinds : {};
  return (Object.keys(winds) as Seat[]).filter((s) => winds[s] !== undefined);
}

/** Refuses, before the ruling is recorded, a correction that cannot be carried out. */
export async function checkCorrection(platform: Platform, dispute: Dispute, ruling: Correction) {
  const hand = await load(platform.store, handStream(dispute.gameId, dispute.hand), HAND_AGGREGATE);
  if (settlementInForce(hand) === undefined)
    throw rejected(
      {
        code: 'hand-not-settled',
        rule: RULING_EFFECT_RULES.correction,
        message: `hand ${dispute.hand} of ${dispute.gameId} has no settlement to correct`,
      },
      409,
    );
  const seats = seatsOfHand(hand);
  const stranger = ruling.transfers.flatMap((t) => [t.from, t.to]).find((s) => !seats.includes(s));
  if (stranger !== undefined)
    throw rejected(
      {
        code: 'bad-correction',
        rule: RULING_EFFECT_RULES.correction,
        message: `no player sits at ${stranger} in hand ${dispute.hand} of ${dispute.gameId}`,
      },
      422,
    );
}

/** Appends SettlementCorrected for the ruling, unless this ruling's correction is on record already. */
export async function correctSettlement(
  platform: Platform,
  dispute: Dispute,
  ruling: Correction,
  reason: string,
  actor: Actor & { readonly role: 'organizer' | 'referee'; readonly id: string },
  ids: CommandIds,
): Promise<RulingEffect> {
  const stream = handStream(dispute.gameId, dispute.hand);
  const own = effectIds(ids, 'correction');
  for (let attempt = 0; ; attempt++) {
    const hand = await load(platform.store, stream, HAND_AGGREGATE);
    const [index] = eventsOfCommand(hand.stored, own.commandId);
    if (index !== undefined) {
      const { type, data } = hand.events[index]!;
      return { stream, events: [{ type, data }], revision: hand.revision };
    }
    const inForce = settlementInForce(hand);
    if (inForce === undefined) throw new Error(`${stream} has no settlement to correct`);
    const { ruleset, winners, lapsed } = inForce.event.data;
    const event = SettlementCorrected.parse({
      type: 'SettlementCorrected',
      schemaVersion: 1,
      data: {
        corrects: inForce.id,
        correctedBy: { role: actor.role, id: actor.id },
        wrong: ruling.wrong,
        reason,
        ruleset,
        winners,
        lapsed,
        transfers: ruling.transfers,
      },
    });
    try {
      await platform.store.append(
        stream,
        [{ ...event, metadata: metadataOf(actor, platform.now(), own) }],
        hand.revision,
      );
    } catch (error) {
      // The hand moved (perhaps a concurrent retry of this very ruling got there first): read it again.
      if (error instanceof WrongExpectedVersion && attempt === 0) continue;
      throw error;
    }
    return { stream, events: [{ type: event.type, data: event.data }], revision: hand.revision + 1 };
  }
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
