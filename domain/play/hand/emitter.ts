// One decision's events, each folded as it is emitted, so that a later step of the same decision (the draw
// after a claim window closes) reads the state the earlier steps left.
import type { PlayEvent } from '../events.ts';
import { evolve } from './evolve.ts';
import type { HandState } from './state.ts';

export class Emitter {
  readonly events: PlayEvent[] = [];
  constructor(public state: HandState) {}

  emit(event: PlayEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}
