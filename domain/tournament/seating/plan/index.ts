// Planning an event's rounds ahead (docs/seating.md "Planned seating"): the plan, its repair, its algorithm.
export { MAX_PLAN_ROUNDS, PLAN_ALGORITHM, PLAN_EVALUATIONS, planSeating } from './plan-seating.ts';
export { type PlanChange, type PlanRepair, type RepairRequest, repairPlan } from './repair.ts';
export type * from './types.ts';
