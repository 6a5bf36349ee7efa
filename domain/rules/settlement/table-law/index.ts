// Table law settlements, streaks and penalties, seed 004 (004_09ddc7a2a14e8477.txt): the public surface.
export * from './chasing.ts';
export * from './concealed-gong.ts';
export * from './dead-hand.ts';
export * from './dice-triples.ts';
export * from './false-mahjong.ts';
export * from './final-hand.ts';
export * from './flower-money.ts';
export * from './hand.ts';
export * from './immediate.ts';
export * from './kitty.ts';
export * from './ledger.ts';
export * from './robbing-gong.ts';
export * from './streak.ts';
export * from './west-exception.ts';
