// Why a round cannot be seated: thrown by seatRound, its message naming the players or tables at fault.
export class SeatingError extends Error {
  override readonly name = 'SeatingError';
}
