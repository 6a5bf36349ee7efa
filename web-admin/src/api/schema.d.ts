// Generated from the API's OpenAPI document by `npm run api:types` (services/api/api-types.ts): do not
// edit. The web app's client (client.ts) is typed by it; test/openapi/ fails once it no longer fits the API.
// biome-ignore-all lint: openapi-typescript's own helper types (OneOf) use any and {}
/** OneOf type helpers */
type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = T | U extends object ? (Without<T, U> & U) | (Without<U, T> & T) : T | U;
type OneOf<T extends any[]> = T extends [infer Only]
  ? Only
  : T extends [infer A, infer B, ...infer Rest]
    ? OneOf<[XOR<A, B>, ...Rest]>
    : never;

export interface paths {
  '/api/health': {
    /** Liveness: the API answers */
    get: operations['getHealth'];
  };
  '/api/score': {
    /**
     * Score one hand (the score contract)
     * @description spec/score-contract.md: 400 invalid-input names the field as the command line does (`field`); 422 not-a-win names the seat whose claim is no win.
     */
    post: operations['postScore'];
  };
  '/api/tournaments/{tournamentId}/amendments': {
    /** The amendments made, each with its recompute’s job */
    get: operations['getTournamentsTournamentIdAmendments'];
    /**
     * Amend the ruleset: settlement options re-settle finished hands in scope
     * @description RulesetAmended on the tournament; when settlement options change over hands already played, the recompute is queued as one job (`job`). 422 unknown-option, bad-option-value, option-not-amendable, amendment-not-retroactive (an option that changes play, over hands already played: amend it with scope next-hand), amendment-changes-nothing; 409 amendment-exists. Nothing is written on a refusal.
     */
    post: operations['postTournamentsTournamentIdAmendments'];
  };
  '/api/tournaments/{tournamentId}/amendments/preview': {
    /**
     * Preview an amendment: nothing is written
     * @description The recompute’s own computation on the hands as stored: per hand and per player before, after and the change, the counts, and the standings before and after. Refused as the amendment would be.
     */
    post: operations['postTournamentsTournamentIdAmendmentsPreview'];
  };
  '/api/tournaments/{tournamentId}/amendments/{amendmentId}/recompute': {
    /** Queue an amendment’s recompute again (409 duplicate-job while its job is known) */
    post: operations['postTournamentsTournamentIdAmendmentsAmendmentIdRecompute'];
  };
  '/api/tournaments/{tournamentId}/amendments/{amendmentId}/progress': {
    /** A recompute’s progress as server-sent events: `progress` {done,total}, `completed`, `failed` */
    get: operations['getTournamentsTournamentIdAmendmentsAmendmentIdProgress'];
  };
  '/api/presets': {
    /**
     * The rule presets and their options
     * @description Each preset a tournament may be created from (`POST /api/tournaments` `preset`), its rule text and version, and every option with its description, default, amendability and JSON Schema. Public.
     */
    get: operations['getPresets'];
  };
  '/api/tournaments': {
    /**
     * The tournaments the token may see: id, name, status, players, rounds, created
     * @description A global organizer sees every tournament; an organizer or referee bound to one sees that one. Newest first.
     */
    get: operations['getTournaments'];
    /**
     * Create a tournament
     * @description A global organizer, or one bound to the tournament it names. The ruleset is the preset with its options (400 naming body.options.<option> when the preset refuses one).
     */
    post: operations['postTournaments'];
  };
  '/api/tournaments/{tournamentId}': {
    /**
     * A tournament: players, rounds and tables, penalties, disputes
     * @description ETag: the tournament stream’s revision. A player or scorer token of the tournament gets no seeds.
     */
    get: operations['getTournamentsTournamentId'];
  };
  '/api/tournaments/{tournamentId}/players': {
    /**
     * Register a player
     * @description A name another player of the tournament has already is registered as given; `duplicateNames` flags it.
     */
    post: operations['postTournamentsTournamentIdPlayers'];
  };
  '/api/tournaments/{tournamentId}/players/import': {
    /**
     * Register a list of players from CSV: all of them, or none
     * @description The body is the CSV (`text/csv`) or `{ csv }`. Header row: `name` (required), `id`, `club` (optional), in any order and case; one player a row, blank rows skipped, at most 1000. A row without an id gets a slug of its name. Every row is checked first: a bad one is 400 naming its row and field (`body.csv.<row>.<field>`, the header being row 1), an id already registered 409 `player-exists`; nothing is written. A name already registered, or twice in the file, is 409 `duplicate-names` listing them, unless `allowDuplicateNames=true`: then they are registered as given (never renamed) and flagged in `duplicateNames`. `dryRun=true` answers what would be registered, duplicates included, and writes nothing.
     */
    post: operations['postTournamentsTournamentIdPlayersImport'];
  };
  '/api/tournaments/{tournamentId}/players/{playerId}/withdraw': {
    /** Withdraw a player from later rounds */
    post: operations['postTournamentsTournamentIdPlayersPlayerIdWithdraw'];
  };
  '/api/tournaments/{tournamentId}/players/{playerId}/replace': {
    /** Replace a player by a new one */
    post: operations['postTournamentsTournamentIdPlayersPlayerIdReplace'];
  };
  '/api/tournaments/{tournamentId}/finish': {
    /**
     * Finish the tournament
     * @description Refused while a round is started or a dispute is open (409). Afterwards no player, round, penalty or dispute can be recorded (409 tournament-finished); an amendment of the rules still can.
     */
    post: operations['postTournamentsTournamentIdFinish'];
  };
  '/api/tournaments/{tournamentId}/rounds': {
    /** Schedule a round (again, until it is seated) */
    post: operations['postTournamentsTournamentIdRounds'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/seating': {
    /**
     * Seat a round: random, swiss (by the standings so far) or uploaded tables
     * @description Swiss reads the standings from the finished tables’ results in force (corrections included): table points first where the tournament scores them, then points, less penalties in force, best first. Uploaded tables list player ids in seat order E, S, W, N.
     */
    post: operations['postTournamentsTournamentIdRoundsRoundSeating'];
  };
  '/api/tournaments/{tournamentId}/seating-plan': {
    /**
     * Plan the seating of the rounds to come, all at once, with as few repeat pairs as can be
     * @description Plans `rounds` rounds from the first round not yet seated, for the active players, the rounds seated so far taken as history (docs/seating.md "Planned seating"). A round seated at random then follows the plan; swiss and uploaded rounds do not. After a withdrawal or a replacement, seating the next round repairs the plan with the fewest changes (SeatingPlanRepaired, before RoundSeated). A new plan replaces the old.
     */
    post: operations['postTournamentsTournamentIdSeatingPlan'];
  };
  '/api/tournaments/{tournamentId}/seating-quality': {
    /**
     * The seating-quality report: repeat pairs, consecutive repeats, wind balance, table revisits
     * @description Over the rounds seated so far, and over those with the plan’s rounds still to seat. Substitutes are left out. ETag: the tournament stream’s revision.
     */
    get: operations['getTournamentsTournamentIdSeatingQuality'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/start': {
    /** Start a round: its clock runs and its tables’ games start */
    post: operations['postTournamentsTournamentIdRoundsRoundStart'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/close': {
    /** Close a round (force: with tables still playing, listed as unfinished) */
    post: operations['postTournamentsTournamentIdRoundsRoundClose'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/extend': {
    /** Give a table extra minutes beyond the round clock */
    post: operations['postTournamentsTournamentIdRoundsRoundTablesTableExtend'];
  };
  '/api/me': {
    /**
     * Who the token speaks for: role, bindings, expiry
     * @description For any valid token. A player’s round, table and seat (this hand’s wind) and a scorer’s round and table; `ended` says why a seat or scorer token sends no more commands. The web app decides its navigation from it.
     */
    get: operations['getMe'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/scorer-tokens': {
    /**
     * Issue a scorer token for every table of a round whose hands are entered
     * @description Each token is bound to one table (its game): it previews and enters that table’s hands and reads its table, nothing else, and ends with the game (or the round’s close). Calling again revokes the round’s scorer tokens issued before (`revoked`), so a lost card stops working: one live scorer token per table. The raw tokens are shown only here.
     */
    post: operations['postTournamentsTournamentIdRoundsRoundScorerTokens'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/table-cards': {
    /**
     * The table cards of a seated round, with fresh tokens to print
     * @description Per table: its number, its players by seat wind (names and clubs) and the tokens for the card, each with its sign-in link (`/sign-in#token=…`, for a QR code). A round whose hands are entered gets a scorer token per table and no seat tokens (its players send nothing); a live round a seat token per seat. Issuing the cards again revokes every seat and scorer token of the round’s tables issued before (`revoked`): only the latest cards work. The raw tokens are shown only here.
     */
    post: operations['postTournamentsTournamentIdRoundsRoundTableCards'];
  };
  '/api/tournaments/{tournamentId}/rounds/{round}/seat-tokens': {
    /**
     * Issue a player token for every seat of a seated round
     * @description Each token is bound to the table’s game and names the player. Calling again issues fresh tokens and revokes the ones issued before for those games and players. The raw tokens are shown only here.
     */
    post: operations['postTournamentsTournamentIdRoundsRoundSeatTokens'];
  };
  '/api/tournaments/{tournamentId}/referee-tokens': {
    /**
     * Issue a referee token for the tournament
     * @description Each call issues one more token; earlier ones stay valid until they expire (30 days unless `expiresInHours` says otherwise) or are revoked.
     */
    post: operations['postTournamentsTournamentIdRefereeTokens'];
  };
  '/api/tournaments/{tournamentId}/tokens': {
    /**
     * The tournament’s tokens: id, role, label, binding, created, expires, revoked (never the token)
     * @description Organizers of the tournament see every token bound to it; a referee sees the referee and seat tokens. Oldest first, `limit` a page (default 100), `after` the `next` of the page before.
     */
    get: operations['getTournamentsTournamentIdTokens'];
  };
  '/api/tournaments/{tournamentId}/tokens/{tokenId}/revoke': {
    /**
     * Revoke one of the tournament’s tokens
     * @description An organizer of the tournament revokes any token bound to it; a referee revokes seat tokens and its own token (403 for an organizer’s or another referee’s). Revoking twice keeps the first time. 404 for a token not bound to this tournament.
     */
    post: operations['postTournamentsTournamentIdTokensTokenIdRevoke'];
  };
  '/api/tokens': {
    /** The global organizer tokens (bound to no tournament): for a global organizer */
    get: operations['getTokens'];
  };
  '/api/tokens/{tokenId}/revoke': {
    /**
     * Revoke any token, global or bound: for a global organizer
     * @description A global organizer may revoke its own token too; `npm start` then issues a new one at its next start.
     */
    post: operations['postTokensTokenIdRevoke'];
  };
  '/api/tournaments/{tournamentId}/penalties': {
    /** Penalise a player (penaltyId generated) */
    post: operations['postTournamentsTournamentIdPenalties'];
  };
  '/api/tournaments/{tournamentId}/penalties/{penaltyId}/cancel': {
    /** Cancel a penalty (it stays on record, cancelled) */
    post: operations['postTournamentsTournamentIdPenaltiesPenaltyIdCancel'];
  };
  '/api/tournaments/{tournamentId}/disputes': {
    /** Open a dispute about a hand (disputeId generated) */
    post: operations['postTournamentsTournamentIdDisputes'];
  };
  '/api/tournaments/{tournamentId}/disputes/{disputeId}/ruling': {
    /**
     * Rule a dispute, and carry out the ruling on the hand
     * @description penalty: PlayerPenalised beside DisputeRuled. correction: SettlementCorrected in the hand stream, adding to (mode adjustment) or restating (mode replacement) the settlement in force, then the game and a finished table count it (409 hand-not-settled without one; 422 bad-correction for a seat not at the table, correction-not-zero-sum, correction-changes-nothing). void-and-redeal: the game’s live hand is voided and the same dealer deals again (409 hand-not-live otherwise). Both checks come before the ruling is recorded.
     */
    post: operations['postTournamentsTournamentIdDisputesDisputeIdRuling'];
  };
  '/api/tournaments/{tournamentId}/disputes/{disputeId}/ruling/preview': {
    /**
     * Preview a correction ruling: nothing is written
     * @description The same decision as the ruling, on the hand as stored: per seat and player the settlement before, after and the change, the SettlementCorrected it would append, and the standings before and after.
     */
    post: operations['postTournamentsTournamentIdDisputesDisputeIdRulingPreview'];
  };
  '/api/games/{gameId}/hands/next': {
    /**
     * The next hand to enter: its number, who holds each wind, the points so far
     * @description What a table scorer’s page shows (the scorer token of this game, or a referee or organizer of its tournament). ETag: the game stream’s revision.
     */
    get: operations['getGamesGameIdHandsNext'];
  };
  '/api/games/{gameId}/hands/next/preview': {
    /** Preview the next hand’s entered result: nothing is written */
    post: operations['postGamesGameIdHandsNextPreview'];
  };
  '/api/games/{gameId}/hands/next/entry': {
    /**
     * Enter the next hand’s result
     * @description The game records the hand and awaits the next entry. ETag: the hand stream’s revision.
     */
    post: operations['postGamesGameIdHandsNextEntry'];
  };
  '/api/games/{gameId}': {
    /**
     * A table: its players, scores and current hand (nothing hidden in it)
     * @description ETag: the game stream’s revision. `handRevision` is the hand’s revision as the reader sees it: a player’s counts only the events their seat is shown.
     */
    get: operations['getGamesGameId'];
  };
  '/api/games/{gameId}/seat': {
    /** The player's own seat this hand: their tiles, the table's exposed tiles, what they may do */
    get: operations['getGamesGameIdSeat'];
  };
  '/api/games/{gameId}/hands/{hand}/actions': {
    /** A player acts from their seat: discard, claim, pass, kong, self-drawn win… */
    post: operations['postGamesGameIdHandsHandActions'];
  };
  '/api/games/{gameId}/hands/{hand}/referee': {
    /** A referee acts on a live hand: a dead hand found, an unshown concealed gong charged (table law) */
    post: operations['postGamesGameIdHandsHandReferee'];
  };
  '/api/games/{gameId}/seat/stream': {
    /**
     * The player's own seat as server-sent events: `seat` with the seat view on every change
     * @description The seat token’s own seat, as GET /api/games/{gameId}/seat answers it (the same refusals: 403 for a player seated nowhere this hand or a token of another game, 409 `no-hand` at a table whose hands are entered). A `seat` frame at once, then whenever what the seat reads changes (its visible revision, the hand): never the same view twice in a row, at most one per 50 ms (the latest always sent). `ended` once the game is finished, then the stream closes. At most 8 open streams per token: 429 `too-many-streams` beyond.
     */
    get: operations['getGamesGameIdSeatStream'];
  };
  '/api/tournaments/{tournamentId}/standings': {
    /** Standings: points (or table points), places shared on equal scores */
    get: operations['getTournamentsTournamentIdStandings'];
  };
  '/api/tournaments/{tournamentId}/standings/progress': {
    /**
     * Every player's running points after each hand, for the standings chart
     * @description The steps are (round, hand): hand 3 of round 2 is one step at every table. A player’s total after a step adds the hands of that step (settlements in force and payments made at once) and the penalties in force given there (at their hand, else at the last step of their round); the last total is the standings’ points.
     */
    get: operations['getTournamentsTournamentIdStandingsProgress'];
  };
  '/api/tournaments/{tournamentId}/board': {
    /** The tables board: the current round's tables as they play */
    get: operations['getTournamentsTournamentIdBoard'];
  };
  '/api/tournaments/{tournamentId}/board/stream': {
    /**
     * The tables board as server-sent events: `board` with the whole board on every change
     * @description Changes are coalesced: at most one board per 250 ms on a stream, the latest always sent. At most 8 open streams per client (token, or IP without one): 429 `too-many-streams` beyond.
     */
    get: operations['getTournamentsTournamentIdBoardStream'];
  };
  '/api/games/{gameId}/hands/{hand}/replay': {
    /**
     * A hand step by step: tiles, ponds, melds, wall, claim windows and their resolutions, payments
     * @description Referees and organizers always; a player of the game once the hand is over (403 before).
     */
    get: operations['getGamesGameIdHandsHandReplay'];
  };
  '/api/tournaments/{tournamentId}/audit': {
    /** The audit log: penalties, rulings, corrections and voids — who, when, why, before and after */
    get: operations['getTournamentsTournamentIdAudit'];
  };
  '/api/tournaments/{tournamentId}/players/{playerId}/history': {
    /**
     * A player's games in this tournament: round, table, seat, points, place, wins, penalties
     * @description Organizers and referees of the tournament; only its own games, whatever else the player played. 404 for a player the tournament never registered.
     */
    get: operations['getTournamentsTournamentIdPlayersPlayerIdHistory'];
  };
  '/api/players/{playerId}/history': {
    /**
     * A player's games in every tournament: for a global organizer
     * @description Every tournament’s games, so only an organizer bound to no tournament; others ask `/api/tournaments/{tournamentId}/players/{playerId}/history` (403 here).
     */
    get: operations['getPlayersPlayerIdHistory'];
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    Problem: {
      /** @example urn:mahjong-ledger:problem:invalid-request */
      type: string;
      title: string;
      status: number;
      detail: string;
      instance: string;
      /** @example invalid-request */
      code: string;
      errors?: {
        path: string;
        message: string;
      }[];
      [key: string]: unknown;
    };
    ScoreOutput: {
      winners: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        handScore: number;
        effectiveScore: number;
        patterns?: {
          name: string;
          chinese: string;
          points: number;
        }[];
        bonuses?: {
          name: string;
          points: number;
        }[];
        sets?: string[];
      }[];
      lapsed: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        reason: string;
      }[];
      transfers: {
        /** @enum {string} */
        from: 'E' | 'S' | 'W' | 'N';
        /** @enum {string} */
        to: 'E' | 'S' | 'W' | 'N';
        points: number;
        reason: string;
      }[];
      deltas: {
        E?: number;
        S?: number;
        W?: number;
        N?: number;
      };
      ruleset?: {
        preset: string;
        version: number;
        hash: string;
      };
    };
    ScoreRequest: {
      /** @enum {string} */
      ruleset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
      /** @default {} */
      options?: {
        [key: string]: unknown;
      };
      /**
       * @default E
       * @enum {string}
       */
      prevalentWind?: 'E' | 'S' | 'W' | 'N';
      /** @default 0 */
      dealerRepeats?: number;
      /** @default false */
      dieForgotten?: boolean;
      /** @enum {string} */
      winType: 'discard' | 'self-draw' | 'robbing-kong';
      /** @enum {string} */
      from?: 'E' | 'S' | 'W' | 'N';
      claims: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        handScore?: number;
        hand?: string;
        /** @default [] */
        melds?: {
          tiles: string;
          /** @default false */
          concealed?: boolean;
        }[];
        winningTile?: string;
        /** @default [] */
        flowers?: string[];
        luck?: {
          /** @default false */
          lastTile?: boolean;
          /** @default 0 */
          afterKong?: number;
          /** @default 0 */
          afterFlower?: number;
          /** @default false */
          heaven?: boolean;
          /** @default false */
          earth?: boolean;
        };
      }[];
      loserScores?: {
        E?: number;
        S?: number;
        W?: number;
        N?: number;
      };
      penalties?: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        kind: string;
        points: number;
      }[];
    };
    RulesetAmendedAnswer: components['schemas']['TournamentEventsAppended'] & {
      job: components['schemas']['AmendmentJob'];
    };
    AmendmentJob: {
      id: string;
      /** @description false: a job of this amendment was known already, or the queue did not answer in time */
      added: boolean;
      /** @description the known job’s status, or queue-unavailable (queue it again with …/recompute) */
      status?: string;
    } | null;
    TournamentEventsAppended: {
      events: {
        type: string;
        data?: unknown;
      }[];
      /** @description The tournament stream’s revision after the command (ETag) */
      revision: number;
    };
    AmendRuleset: {
      /**
       * @description Else generated
       * @example spring-open
       */
      amendmentId?: string;
      /** @description Option name → new value, e.g. {"multipleWinners": "score-priority"} */
      changes: {
        [key: string]: unknown;
      };
      /**
       * @description event: every hand; round: from that round on; hand: from hand n of every table of a round on; next-hand: only hands dealt after it (the only scope for options that change play once hands are played)
       * @default {
       *   "kind": "event"
       * }
       */
      scope?: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'event';
          },
          {
            /** @enum {string} */
            kind: 'round';
            round: number;
          },
          {
            /** @enum {string} */
            kind: 'hand';
            round: number;
            hand: number;
          },
          {
            /** @enum {string} */
            kind: 'next-hand';
          },
        ]
      >;
      /** @description Why, for the record */
      reason: string;
    };
    AmendmentPreview: {
      [key: string]: unknown;
    };
    Amendments: {
      [key: string]: unknown;
    };
    PresetList: {
      presets: components['schemas']['Preset'][];
    };
    Preset: {
      /** @enum {string} */
      id: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
      /**
       * @description The rule text it follows (a file of ../shared/seeds)
       * @example 003_cfd8ab0b6123cd10.txt
       */
      seed: string;
      version: number;
      options: components['schemas']['PresetOption'][];
    };
    PresetOption: {
      /** @example multipleWinners */
      name: string;
      description: string;
      /**
       * @description `retroactively`: an amendment may re-settle hands already played; `from-next-hand`: it changes play, so only later hands
       * @enum {string}
       */
      amendable: 'retroactively' | 'from-next-hand';
      /** @description Absent when the option has none (left out, it is unset) */
      default?: unknown;
      /** @description The values it takes, as JSON Schema */
      schema: {
        [key: string]: unknown;
      };
    };
    TournamentList: {
      tournaments: components['schemas']['TournamentSummary'][];
    };
    TournamentSummary: {
      tournamentId: string;
      name: string;
      /** @enum {string} */
      status: 'open' | 'finished';
      /** @description Registered, withdrawn and replaced ones included */
      players: number;
      activePlayers: number;
      /** @description Rounds scheduled */
      rounds: number;
      currentRound: {
        round: number;
        /** @enum {string} */
        phase: 'scheduled' | 'seated' | 'started' | 'closed';
      } | null;
      createdAt: string;
      revision: number;
    };
    CreateTournament: {
      /**
       * @description Chosen by the organizer; else a slug of the name with a random suffix
       * @example spring-open
       */
      tournamentId?: string;
      name: string;
      /** @enum {string} */
      preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
      /** @description The preset’s options */
      options?: {
        [key: string]: unknown;
      };
      scoring?: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'points';
          },
          {
            /** @enum {string} */
            kind: 'table-points';
            /**
             * @description Per place, first place first, of any sign (uma: [15, 5, -5, -15]); default [4, 2, 1, 0]
             * @example [
             *   15,
             *   5,
             *   -5,
             *   -15
             * ]
             */
            values?: number[];
          },
        ]
      >;
      /** @description Seatings and walls derive from it; random when absent. Never shown to players */
      seed?: string;
    };
    Tournament: {
      tournamentId: string;
      /** @enum {string} */
      status: 'open' | 'finished';
      name: string;
      ruleset: {
        /** @enum {string} */
        preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
        version: number;
        options: {
          [key: string]: unknown;
        };
        hash: string;
      };
      scoring: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'points';
          },
          {
            /** @enum {string} */
            kind: 'table-points';
            values: number[];
          },
        ]
      >;
      /** @description Organizers and referees only */
      seed?: string;
      players: components['schemas']['TournamentPlayer'][];
      rounds: components['schemas']['TournamentRound'][];
      penalties: components['schemas']['TournamentPenalty'][];
      disputes: components['schemas']['TournamentDispute'][];
      revision: number;
    };
    TournamentPlayer: {
      playerId: string;
      name: string;
      club?: string;
      /** @enum {string} */
      status: 'active' | 'withdrawn' | 'replaced';
      replacedBy?: string;
      replaces?: string;
    };
    TournamentRound: {
      round: number;
      /** @enum {string} */
      phase: 'scheduled' | 'seated' | 'started' | 'closed';
      /** @enum {string} */
      method: 'random' | 'swiss' | 'uploaded';
      end: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'rounds';
            /** @enum {string} */
            last: 'E' | 'S' | 'W' | 'N';
          },
          {
            /** @enum {string} */
            kind: 'hands';
            count: number;
          },
          {
            /** @enum {string} */
            kind: 'time-limit';
            /** Format: date-time */
            at: string;
          },
        ]
      >;
      minutes: number;
      /** @enum {string} */
      recording: 'live' | 'entered';
      /** @description Organizers and referees only, from seating on */
      seed?: string;
      endsAt: string | null;
      tables: components['schemas']['TournamentTable'][];
      substitutes: string[];
      unfinished: number[];
      cost: {
        repeatPairs: number;
        consecutiveRepeats: number;
        windImbalance: number;
      } | null;
    };
    TournamentTable: {
      table: number;
      gameId: string;
      seats: {
        E?: string;
        S?: string;
        W?: string;
        N?: string;
      };
      ruleset: {
        /** @enum {string} */
        preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
        version: number;
        options: {
          [key: string]: unknown;
        };
        hash: string;
      };
      finished: boolean;
      scores:
        | {
            playerId: string;
            points: number;
          }[]
        | null;
      extraMinutes: number;
      endsAt: string | null;
    };
    TournamentPenalty: {
      penaltyId: string;
      playerId: string;
      points: number;
      reason: string;
      /** @enum {string} */
      status: 'active' | 'cancelled';
      round?: number;
      gameId?: string;
      hand?: number;
    };
    TournamentDispute: {
      disputeId: string;
      gameId: string;
      hand: number;
      reason: string;
      /** @enum {string} */
      status: 'open' | 'ruled';
      /** @description Once ruled */
      ruling?: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'penalty';
            penaltyId: string;
            playerId: string;
            points: number;
          },
          {
            /** @enum {string} */
            kind: 'void-and-redeal';
          },
          {
            /** @enum {string} */
            kind: 'correction';
            /** @enum {string} */
            mode?: 'adjustment' | 'replacement';
            wrong: string;
            transfers: {
              /** @enum {string} */
              from: 'E' | 'S' | 'W' | 'N';
              /** @enum {string} */
              to: 'E' | 'S' | 'W' | 'N';
              points: number;
              reason: string;
            }[];
          },
          {
            /** @enum {string} */
            kind: 'no-change';
          },
        ]
      >;
    };
    PlayersRegistered: components['schemas']['TournamentEventsAppended'] & {
      duplicateNames: components['schemas']['DuplicateNames'];
    };
    /** @description Names another player has already (or two new ones share), case and spacing aside: flagged, never renamed */
    DuplicateNames: {
      name: string;
      /** @description Every player of the name: earlier ones first */
      playerIds: string[];
      /** @description The import’s rows of the name (empty for one registration) */
      rows: number[];
    }[];
    RegisterPlayer: {
      /**
       * @description Else a slug of the name
       * @example spring-open
       */
      playerId?: string;
      name: string;
      /** @description Club, team or city */
      club?: string;
    };
    PlayersImported: {
      dryRun: boolean;
      players: {
        row: number;
        playerId: string;
        name: string;
        club: string | null;
      }[];
      duplicateNames: components['schemas']['DuplicateNames'];
      events: {
        type: string;
        data?: unknown;
      }[];
      /** @description The tournament stream’s revision after the import (ETag) */
      revision: number;
    };
    /** @description Or send the CSV itself as text/csv. Header row: name (required), id, club (optional), any order and case. */
    ImportPlayers: {
      /** @description The CSV text */
      csv: string;
    };
    WithdrawPlayer: {
      /** @description Why, for the record */
      reason: string;
    };
    ReplacePlayer: {
      replacement: {
        /**
         * @description Else a slug of the name
         * @example spring-open
         */
        playerId?: string;
        name: string;
        /** @description Club, team or city */
        club?: string;
      };
      /** @description Why, for the record */
      reason: string;
    };
    ScheduleRound: {
      round: number;
      /** @enum {string} */
      method: 'random' | 'swiss' | 'uploaded';
      end: components['schemas']['GameEnd'];
      /** @description The round clock, from its start */
      minutes: number;
      /**
       * @description live (default): played through the API; entered: a scorer enters each hand
       * @enum {string}
       */
      recording?: 'live' | 'entered';
    };
    /** @description How each table’s game ends */
    GameEnd: OneOf<
      [
        {
          /** @enum {string} */
          kind: 'hands';
          count: number;
        },
        {
          /** @enum {string} */
          kind: 'rounds';
          /** @enum {string} */
          last: 'E' | 'S' | 'W' | 'N';
        },
        {
          /** @enum {string} */
          kind: 'time-limit';
          /** Format: date-time */
          at: string;
        },
      ]
    >;
    SeatRound: OneOf<
      [
        {
          /** @enum {string} */
          method: 'random';
          /** @description Seat again a round seated but not started */
          reseat?: boolean;
        },
        {
          /** @enum {string} */
          method: 'swiss';
          /** @description Seat again a round seated but not started */
          reseat?: boolean;
        },
        {
          /** @enum {string} */
          method: 'uploaded';
          tables: string[][];
          /** @description Seat again a round seated but not started */
          reseat?: boolean;
        },
      ]
    >;
    PlanSeating: {
      /** @description How many rounds to plan, from the first round not yet seated */
      rounds: number;
    };
    SeatingQualityReport: {
      seated: components['schemas']['SeatingQuality'];
      planned: components['schemas']['SeatingQuality'] & (Record<string, never> | null);
      plan: {
        firstRound: number;
        lastRound: number;
        players: number;
        seed: string;
        algorithm: string;
        /** @enum {string} */
        source: 'design' | 'schedule' | 'search';
      } | null;
    };
    /** @description The rounds seated so far */
    SeatingQuality: {
      rounds: number;
      /** @description Each meeting of a pair after its first */
      repeatPairs: number;
      /** @description Of those, meetings where the pair met the round before */
      consecutiveRepeats: number;
      /** @description Summed over players: most minus fewest times at one wind */
      windImbalance: number;
      /** @description Each time a player sits at a table number they sat at before */
      tableRevisits: number;
      pairs: {
        players: string[];
        rounds: number[];
      }[];
      windBalance: {
        playerId: string;
        winds: {
          E: number;
          S: number;
          W: number;
          N: number;
        };
        imbalance: number;
      }[];
      revisits: {
        playerId: string;
        table: number;
        rounds: number[];
      }[];
    };
    CloseRound: {
      /** @description Close with tables still playing */
      force?: boolean;
    };
    ExtendTableTime: {
      minutes: number;
      /** @description Why, for the record */
      reason: string;
    };
    Session: {
      /** @enum {string} */
      role: 'organizer' | 'referee' | 'player' | 'scorer';
      tokenId: string;
      label: string | null;
      /** @description An organizer bound to no tournament */
      global: boolean;
      tournamentId: string | null;
      /** @description A scorer’s or player’s round */
      round: number | null;
      table: number | null;
      gameId: string | null;
      playerId: string | null;
      /**
       * @description A player’s seat wind in the hand being played (null between hands)
       * @enum {string|null}
       */
      seat: 'E' | 'S' | 'W' | 'N' | null;
      expiresAt: string | null;
      /** @description Why a seat or scorer token sends no more commands (its game finished, its round closed) */
      ended: string | null;
    };
    ScorerTokens: {
      tournamentId: string;
      round: number;
      tokens: {
        table: number;
        gameId: string;
        token: string;
        tokenId: string;
        /**
         * @description The web app’s sign-in link for the token (relative; the token in the fragment)
         * @example /sign-in#token=…
         */
        signIn: string;
      }[];
      /** @description Scorer tokens of the round issued before, revoked now */
      revoked: number;
    };
    TableCards: {
      tournamentId: string;
      name: string;
      round: number;
      /** @enum {string} */
      recording: 'live' | 'entered';
      tables: {
        table: number;
        gameId: string;
        seats: {
          /**
           * @description The seat wind for the first hand (E deals first)
           * @enum {string}
           */
          seat: 'E' | 'S' | 'W' | 'N';
          playerId: string;
          name: string;
          club: string | null;
          /** @description A seat the seating filled: its results never count */
          substitute: boolean;
          /** @description The seat token (live rounds only) */
          token: string | null;
          tokenId: string | null;
          /**
           * @description The web app’s sign-in link for the token (relative; the token in the fragment)
           * @example /sign-in#token=…
           */
          signIn: string | null;
        }[];
        /** @description The scorer token (rounds whose hands are entered only) */
        scorer: {
          token: string;
          tokenId: string;
          /**
           * @description The web app’s sign-in link for the token (relative; the token in the fragment)
           * @example /sign-in#token=…
           */
          signIn: string;
        } | null;
      }[];
      /** @description Tokens of the round issued before, revoked now */
      revoked: {
        seat: number;
        scorer: number;
      };
    };
    SeatTokens: {
      playerId: string;
      table: number;
      gameId: string;
      token: string;
      tokenId: string;
    }[];
    RefereeToken: {
      tournamentId: string;
      token: string;
      tokenId: string;
      label: string | null;
      expiresAt: string;
    };
    IssueRefereeToken: {
      /** @description Who holds it */
      label?: string;
      /** @description Default 720 (30 days); at most a year */
      expiresInHours?: number;
    };
    TokenPage: {
      tokens: components['schemas']['Token'][];
      /** @description Pass as `after` for the next page; null on the last */
      next: string | null;
    };
    Token: {
      tokenId: string;
      /** @enum {string} */
      role: 'organizer' | 'referee' | 'player' | 'scorer';
      label: string | null;
      tournamentId: string | null;
      gameId: string | null;
      playerId: string | null;
      /** @description A scorer token’s round */
      round: number | null;
      /** @description A scorer token’s table */
      table: number | null;
      createdAt: string;
      /** @description null: never by time (seat and scorer tokens end with their game) */
      expiresAt: string | null;
      revokedAt: string | null;
      /** @enum {string} */
      status: 'active' | 'revoked' | 'expired';
    };
    PenalisePlayer: {
      /**
       * @description The player penalised
       * @example spring-open
       */
      playerId: string;
      /** @description Deducted from the player’s tournament score */
      points: number;
      /** @description Why, for the record */
      reason: string;
      round?: number;
      gameId?: string;
      hand?: number;
    };
    CancelPenalty: {
      /** @description Why, for the record */
      reason: string;
    };
    OpenDispute: {
      gameId: string;
      hand: number;
      /** @description Why, for the record */
      reason: string;
    };
    DisputeRuled: components['schemas']['TournamentEventsAppended'] & {
      /** @description What the ruling appended to the hand stream (correction, void-and-redeal) */
      hand?: {
        stream: string;
        events: {
          type: string;
          data?: unknown;
        }[];
        revision: number;
      };
    };
    RuleDispute: {
      ruling: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'penalty';
            /**
             * @description Else generated
             * @example spring-open
             */
            penaltyId?: string;
            /**
             * @description The player penalised
             * @example spring-open
             */
            playerId: string;
            points: number;
          },
          {
            /** @enum {string} */
            kind: 'void-and-redeal';
          },
          {
            /** @enum {string} */
            kind: 'correction';
            /**
             * @description adjustment: the transfers are added to the settlement in force; replacement: they restate it whole
             * @enum {string}
             */
            mode: 'adjustment' | 'replacement';
            /** @description What was wrong with the settlement in force */
            wrong: string;
            /** @description Itemised transfers; or give `points` */
            transfers?: {
              /** @enum {string} */
              from: 'E' | 'S' | 'W' | 'N';
              /** @enum {string} */
              to: 'E' | 'S' | 'W' | 'N';
              points: number;
              /** @description Why, for the record */
              reason: string;
            }[];
            /** @description Points per seat, summing to zero (made into transfers); or give `transfers` */
            points?: {
              E?: number;
              S?: number;
              W?: number;
              N?: number;
            };
          },
          {
            /** @enum {string} */
            kind: 'no-change';
          },
        ]
      >;
      /** @description Why, for the record */
      reason: string;
    };
    CorrectionPreview: {
      stream: string;
      /** @enum {string} */
      mode: 'adjustment' | 'replacement';
      seats: components['schemas']['SeatChange'][];
      event: {
        /** @enum {string} */
        type: 'SettlementCorrected';
        data?: unknown;
      };
      standings: components['schemas']['StandingsChange'];
    };
    SeatChange: {
      /** @enum {string} */
      seat: 'E' | 'S' | 'W' | 'N';
      playerId: string | null;
      before: number;
      after: number;
      delta: number;
    };
    /** @description null where the API has no read models (a tournament’s standings are read from them) */
    StandingsChange: {
      before: {
        playerId: string;
        name: string;
        place: number;
        points: number;
        tablePoints: number;
        games: number;
        withdrawn: boolean;
      }[];
      after: {
        playerId: string;
        name: string;
        place: number;
        points: number;
        tablePoints: number;
        games: number;
        withdrawn: boolean;
      }[];
      changed: {
        playerId: string;
        name: string;
        before: {
          place: number;
          points: number;
          tablePoints: number;
        };
        after: {
          place: number;
          points: number;
          tablePoints: number;
        };
        delta: {
          points: number;
          tablePoints: number;
          place: number;
        };
      }[];
    } | null;
    PreviewCorrection: {
      ruling: {
        /** @enum {string} */
        kind: 'correction';
        /**
         * @description adjustment: the transfers are added to the settlement in force; replacement: they restate it whole
         * @enum {string}
         */
        mode: 'adjustment' | 'replacement';
        /** @description What was wrong with the settlement in force */
        wrong: string;
        /** @description Itemised transfers; or give `points` */
        transfers?: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          /** @description Why, for the record */
          reason: string;
        }[];
        /** @description Points per seat, summing to zero (made into transfers); or give `transfers` */
        points?: {
          E?: number;
          S?: number;
          W?: number;
          N?: number;
        };
      };
      /** @description Why, for the record */
      reason: string;
    };
    NextHand: {
      gameId: string;
      tournamentId: string | null;
      round: number | null;
      table: number | null;
      /** @enum {string|null} */
      recording: 'live' | 'entered' | null;
      /** @description The game’s phase: playing, finished */
      phase: string;
      preset: string | null;
      /** @description The number of the hand to enter next; null once over */
      hand: number | null;
      handsRecorded: number;
      /** @enum {string} */
      prevalentWind: 'E' | 'S' | 'W' | 'N';
      /** @description How many times the dealer has dealt again in a row */
      repeats: number;
      /** @description Who holds each wind in the next hand (E deals), with their points so far */
      seats: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        playerId: string;
        name: string;
        club: string | null;
        points: number;
      }[];
      /** @description For a scorer token: why it enters no more hands (else null) */
      ended: string | null;
      /** @description The game stream’s revision (ETag) */
      revision: number;
    };
    EntryPreview: {
      hand: number;
      /** @enum {string} */
      outcome: 'won' | 'drawn' | 'voided';
      /** @description With their patterns where tiles are scored */
      winners: unknown[];
      /** @description A drawn hu-mahjong hand’s patterns reached at the draw, at the ruleset’s points: each other player pays the holder that much (listed in transfers). Empty otherwise. */
      atDraw: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        id: string;
        name: string;
        chinese: string;
        points: number;
      }[];
      lapsed: {
        seat: string;
        reason: string;
      }[];
      transfers: {
        from: string;
        to: string;
        points: number;
        reason: string;
      }[];
      seatDeltas: {
        [key: string]: number;
      };
      playerDeltas: {
        [key: string]: number;
      };
      request?: unknown;
    };
    EnterHandResult: {
      /**
       * @description EnterHandResult’s result (domain/play/entry/README.md): { kind: "win", by, from?, claims, loserScores?, penalties?, dieForgotten? } in the score contract’s terms, { kind: "drawn", ready, patterns? }, or { kind: "voided", cause, explanation }. The engine checks the rest and names the field it refuses.
       * @example {
       *   "kind": "win",
       *   "by": "discard",
       *   "from": "N",
       *   "claims": [
       *     {
       *       "seat": "S",
       *       "hand": "123s123p789p9p",
       *       "melds": [
       *         {
       *           "tiles": "123m"
       *         }
       *       ],
       *       "winningTile": "9p",
       *       "flowers": [
       *         "5f"
       *       ]
       *     }
       *   ]
       * }
       */
      result: {
        /** @enum {string} */
        kind: 'win' | 'drawn' | 'voided';
        /**
         * @description A drawn hu-mahjong hand only: each seat’s pattern reached at the exhaustive draw (seed 003), paid as a self-draw at the ruleset’s points after the ready-hand payment. A seat holding both is listed once per pattern and scores Eight Immortals (the limit) alone.
         * @example [
         *   {
         *     "seat": "S",
         *     "pattern": "all-terminal-and-honor-discards"
         *   }
         * ]
         */
        patterns?: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          pattern: 'all-terminal-and-honor-discards' | 'eight-immortals';
        }[];
        [key: string]: unknown;
      };
    };
    HandEntered: {
      hand: number;
      events: {
        type: string;
        data?: unknown;
      }[];
      /** @description The hand stream’s revision (ETag) */
      revision: number;
    };
    Game: {
      gameId: string;
      tournamentId: string | null;
      /** @enum {string|null} */
      preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law' | null;
      /** @enum {string} */
      phase: 'not-started' | 'playing' | 'finished';
      /** @description In their first hand’s seat order: E, S, W, N */
      players: string[];
      /** @description Player → running points */
      scores: {
        [key: string]: number;
      };
      /** @description Once the game is finished; tied players share a place */
      standings:
        | {
            playerId: string;
            points: number;
            place: number;
          }[]
        | null;
      /** @description The hand being played, else the one dealt next */
      hand: number;
      /** @enum {string|null} */
      handPhase: 'not-started' | 'turn' | 'claim-window' | 'won' | 'ended' | null;
      /** @description Seat wind → the player holding it this hand */
      seatWinds: {
        E?: string;
        S?: string;
        W?: string;
        N?: string;
      };
      /** @enum {string} */
      prevalentWind: 'E' | 'S' | 'W' | 'N';
      wallRemaining: number | null;
      /** @description The hand’s revision as the reader sees it; -1 for no hand */
      handRevision: number;
    };
    SeatView: {
      gameId: string;
      hand: number;
      /** @description The hand’s revision as the seat sees it (also the ETag) */
      revision: number;
      /** @enum {string} */
      seat: 'E' | 'S' | 'W' | 'N';
      /** @description Seat wind → the player holding it this hand */
      seatWinds: {
        E?: string;
        S?: string;
        W?: string;
        N?: string;
      };
      /** @enum {string} */
      prevalentWind: 'E' | 'S' | 'W' | 'N';
      /** @enum {string|null} */
      turn: 'E' | 'S' | 'W' | 'N' | null;
      deadHand: boolean;
      phase: components['schemas']['SeatPhase'];
      concealed: {
        /** @description A count per tile kind, 0..41 */
        counts: number[];
        notation: string;
      };
      melds: components['schemas']['Meld'][];
      flowers: components['schemas']['TileList'];
      ponds: {
        E?: components['schemas']['TileList'];
        S?: components['schemas']['TileList'];
        W?: components['schemas']['TileList'];
        N?: components['schemas']['TileList'];
      };
      exposed: {
        E?: components['schemas']['Meld'][];
        S?: components['schemas']['Meld'][];
        W?: components['schemas']['Meld'][];
        N?: components['schemas']['Meld'][];
      };
      wallRemaining: number;
      scores: {
        [key: string]: number;
      };
    };
    SeatPhase: OneOf<
      [
        {
          /** @enum {string} */
          kind: 'waiting';
        },
        {
          /** @enum {string} */
          kind: 'turn';
          /** @description The tile just drawn (a self-drawn win may follow) */
          drawn: number | null;
        },
        {
          /** @enum {string} */
          kind: 'claim';
          offer: {
            tile: number;
            /**
             * @description flower: a declared flower that completes the seat’s eight (seed 003, Eight Immortals); its tile is that flower
             * @enum {string}
             */
            kind: 'discard' | 'added-kong' | 'concealed-kong' | 'flower';
            /** @enum {string} */
            from: 'E' | 'S' | 'W' | 'N';
          };
          open: {
            win: boolean;
            thirteenOrphans: boolean;
            kong: boolean;
            pong: boolean;
            chows: [number, number][];
          };
          answered: boolean;
          /** @description The window’s deadline, in ms since the epoch */
          deadlineMs: number;
        },
        {
          /** @enum {string} */
          kind: 'ended';
          /** @enum {string} */
          how: 'settled' | 'drawn' | 'voided';
        },
      ]
    >;
    Meld: {
      /** @enum {string} */
      kind: 'chow' | 'pung' | 'kong';
      /** @description The lowest tile of the meld */
      tile: number;
      /** @description Only a kong is concealed */
      concealed: boolean;
    };
    TileList: {
      tiles: number[];
      /** @example 123m 55p */
      notation: string;
    };
    ActionResult: {
      /**
       * @description already-applied: the same command was applied before; nothing was appended again
       * @enum {string}
       */
      status: 'appended' | 'already-applied';
      hand: number;
      /** @description The events appended, as the reader may see them */
      events: components['schemas']['PlayEvent'][];
      /** @description The hand being played now */
      currentHand: number;
    };
    PlayEvent:
      | components['schemas']['GameStartedEvent']
      | components['schemas']['HandStartedEvent']
      | components['schemas']['TilesDealtEvent']
      | components['schemas']['TileDrawnEvent']
      | components['schemas']['FlowerDeclaredEvent']
      | components['schemas']['StreakDiePlacedEvent']
      | components['schemas']['TileDiscardedEvent']
      | components['schemas']['ClaimWindowOpenedEvent']
      | components['schemas']['ClaimMadeEvent']
      | components['schemas']['ClaimPassedEvent']
      | components['schemas']['ClaimTimedOutEvent']
      | components['schemas']['ClaimResolvedEvent']
      | components['schemas']['MeldDeclaredEvent']
      | components['schemas']['KongRobbedEvent']
      | components['schemas']['WinDeclaredEvent']
      | components['schemas']['FalseWinDeclaredEvent']
      | components['schemas']['DeadHandDeclaredEvent']
      | components['schemas']['ScoresDeclaredEvent']
      | components['schemas']['PenaltyAssessedEvent']
      | components['schemas']['ImmediatePaymentEvent']
      | components['schemas']['HandSettledEvent']
      | components['schemas']['SettlementCorrectedEvent']
      | components['schemas']['HandDrawnEvent']
      | components['schemas']['HandVoidedEvent']
      | components['schemas']['WallRevealedEvent']
      | components['schemas']['HandResultEnteredEvent']
      | components['schemas']['GameFinishedEvent'];
    GameStartedEvent: {
      /** @enum {string} */
      type: 'GameStarted';
      data: {
        gameId: string;
        tournamentId: string | null;
        ruleset: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          options: {
            [key: string]: unknown;
          };
          hash: string;
        };
        players: {
          playerId: string;
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
        }[];
        startingPoints: number;
        end: OneOf<
          [
            {
              /** @enum {string} */
              kind: 'rounds';
              /** @enum {string} */
              last: 'E' | 'S' | 'W' | 'N';
            },
            {
              /** @enum {string} */
              kind: 'hands';
              count: number;
            },
            {
              /** @enum {string} */
              kind: 'time-limit';
              /** Format: date-time */
              at: string;
            },
          ]
        >;
      };
    };
    HandStartedEvent: {
      /** @enum {string} */
      type: 'HandStarted';
      data: {
        gameId: string;
        hand: number;
        ruleset: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          options: {
            [key: string]: unknown;
          };
          hash: string;
        };
        /** @enum {string} */
        prevalentWind: 'E' | 'S' | 'W' | 'N';
        seatWinds: {
          E?: string;
          S?: string;
          W?: string;
          N?: string;
        };
        dealer: string;
        repeats: number;
        dice: [number, number, number];
        withFlowers: boolean;
        /** @description Whole to officials and once the hand is over; else only what it is committed to */
        wall:
          | {
              /** @enum {string} */
              source: 'seed';
              /** @enum {string} */
              algorithm: 'sha256-xoroshiro128plus-fisher-yates/1';
              seed: string;
              hash: string;
            }
          | {
              /** @enum {string} */
              source: 'arranged';
              order: number[];
              hash: string;
            }
          | {
              /** @enum {string} */
              source: 'seed';
              /** @enum {string} */
              algorithm: 'sha256-xoroshiro128plus-fisher-yates/1';
              hash: string;
            }
          | {
              /** @enum {string} */
              source: 'arranged';
              hash: string;
            };
      };
    };
    TilesDealtEvent: {
      /** @enum {string} */
      type: 'TilesDealt';
      data: {
        hands: {
          E?: number[];
          S?: number[];
          W?: number[];
          N?: number[];
        };
      };
    };
    TileDrawnEvent: {
      /** @enum {string} */
      type: 'TileDrawn';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        /** @description Only to the seat that drew it, while the hand is live */
        tile?: number;
        /** @enum {string} */
        source: 'live' | 'replacement';
      };
    };
    FlowerDeclaredEvent: {
      /** @enum {string} */
      type: 'FlowerDeclared';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        flower: number;
      };
    };
    StreakDiePlacedEvent: {
      /** @enum {string} */
      type: 'StreakDiePlaced';
      data: {
        /** @enum {string} */
        seat: 'E';
        count: number;
      };
    };
    TileDiscardedEvent: {
      /** @enum {string} */
      type: 'TileDiscarded';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        tile: number;
      };
    };
    ClaimWindowOpenedEvent: {
      /** @enum {string} */
      type: 'ClaimWindowOpened';
      data: {
        offer: {
          tile: number;
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          kind: 'discard' | 'added-kong' | 'concealed-kong' | 'flower';
        };
        seats: {
          E?: {
            win: boolean;
            kong: boolean;
            pong: boolean;
            chows: [number, number][];
            /** @enum {string} */
            barredFromWin?: 'sacred-discard' | 'pass-lock';
          };
          S?: {
            win: boolean;
            kong: boolean;
            pong: boolean;
            chows: [number, number][];
            /** @enum {string} */
            barredFromWin?: 'sacred-discard' | 'pass-lock';
          };
          W?: {
            win: boolean;
            kong: boolean;
            pong: boolean;
            chows: [number, number][];
            /** @enum {string} */
            barredFromWin?: 'sacred-discard' | 'pass-lock';
          };
          N?: {
            win: boolean;
            kong: boolean;
            pong: boolean;
            chows: [number, number][];
            /** @enum {string} */
            barredFromWin?: 'sacred-discard' | 'pass-lock';
          };
        };
        /** Format: date-time */
        deadline: string;
      };
    };
    ClaimMadeEvent: {
      /** @enum {string} */
      type: 'ClaimMade';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        claim: OneOf<
          [
            {
              /** @enum {string} */
              claim: 'win';
            },
            {
              /** @enum {string} */
              claim: 'kong';
            },
            {
              /** @enum {string} */
              claim: 'pong';
            },
            {
              /** @enum {string} */
              claim: 'chow';
              tiles: [number, number];
            },
          ]
        >;
      };
    };
    ClaimPassedEvent: {
      /** @enum {string} */
      type: 'ClaimPassed';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
      };
    };
    ClaimTimedOutEvent: {
      /** @enum {string} */
      type: 'ClaimTimedOut';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        late?:
          | {
              /** @enum {string} */
              claim: 'win';
            }
          | {
              /** @enum {string} */
              claim: 'kong';
            }
          | {
              /** @enum {string} */
              claim: 'pong';
            }
          | {
              /** @enum {string} */
              claim: 'chow';
              tiles: [number, number];
            }
          | 'pass';
      };
    };
    ClaimResolvedEvent: {
      /** @enum {string} */
      type: 'ClaimResolved';
      data: OneOf<
        [
          {
            /** @enum {string} */
            outcome: 'win';
            winners: ('E' | 'S' | 'W' | 'N')[];
            /** @enum {string} */
            payer: 'E' | 'S' | 'W' | 'N';
            robbedKong: {
              /** @enum {string} */
              seat: 'E' | 'S' | 'W' | 'N';
              /** @enum {string} */
              revertsTo: 'pong' | 'concealed-triplet';
            } | null;
            lapsed: {
              /** @enum {string} */
              seat: 'E' | 'S' | 'W' | 'N';
              claim: OneOf<
                [
                  {
                    /** @enum {string} */
                    claim: 'win';
                  },
                  {
                    /** @enum {string} */
                    claim: 'kong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'pong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'chow';
                    tiles: [number, number];
                  },
                ]
              >;
              reason: string;
            }[];
            lockedUntilDraw: ('E' | 'S' | 'W' | 'N')[];
          },
          {
            /** @enum {string} */
            outcome: 'meld';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            /** @enum {string} */
            claim: 'pong' | 'kong' | 'chow';
            lapsed: {
              /** @enum {string} */
              seat: 'E' | 'S' | 'W' | 'N';
              claim: OneOf<
                [
                  {
                    /** @enum {string} */
                    claim: 'win';
                  },
                  {
                    /** @enum {string} */
                    claim: 'kong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'pong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'chow';
                    tiles: [number, number];
                  },
                ]
              >;
              reason: string;
            }[];
            lockedUntilDraw: ('E' | 'S' | 'W' | 'N')[];
          },
          {
            /** @enum {string} */
            outcome: 'no-claim';
            lapsed: {
              /** @enum {string} */
              seat: 'E' | 'S' | 'W' | 'N';
              claim: OneOf<
                [
                  {
                    /** @enum {string} */
                    claim: 'win';
                  },
                  {
                    /** @enum {string} */
                    claim: 'kong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'pong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'chow';
                    tiles: [number, number];
                  },
                ]
              >;
              reason: string;
            }[];
            lockedUntilDraw: ('E' | 'S' | 'W' | 'N')[];
          },
          {
            /** @enum {string} */
            outcome: 'kong-stands';
            lapsed: {
              /** @enum {string} */
              seat: 'E' | 'S' | 'W' | 'N';
              claim: OneOf<
                [
                  {
                    /** @enum {string} */
                    claim: 'win';
                  },
                  {
                    /** @enum {string} */
                    claim: 'kong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'pong';
                  },
                  {
                    /** @enum {string} */
                    claim: 'chow';
                    tiles: [number, number];
                  },
                ]
              >;
              reason: string;
            }[];
            lockedUntilDraw: ('E' | 'S' | 'W' | 'N')[];
          },
        ]
      >;
    };
    MeldDeclaredEvent: {
      /** @enum {string} */
      type: 'MeldDeclared';
      data: OneOf<
        [
          {
            /** @enum {string} */
            kind: 'chow';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            tile: number;
            claimed: number;
            /** @enum {string} */
            from: 'E' | 'S' | 'W' | 'N';
          },
          {
            /** @enum {string} */
            kind: 'pong';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            tile: number;
            /** @enum {string} */
            from: 'E' | 'S' | 'W' | 'N';
          },
          {
            /** @enum {string} */
            kind: 'exposed-kong';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            tile: number;
            /** @enum {string} */
            from: 'E' | 'S' | 'W' | 'N';
          },
          {
            /** @enum {string} */
            kind: 'concealed-kong';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            tile: number;
          },
          {
            /** @enum {string} */
            kind: 'added-kong';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            tile: number;
          },
        ]
      >;
    };
    KongRobbedEvent: {
      /** @enum {string} */
      type: 'KongRobbed';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        tile: number;
        robbers: ('E' | 'S' | 'W' | 'N')[];
        /** @enum {string} */
        revertsTo: 'pong' | 'concealed-triplet';
      };
    };
    WinDeclaredEvent: {
      /** @enum {string} */
      type: 'WinDeclared';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        tile: number;
        /** @enum {string} */
        by: 'self-draw' | 'discard' | 'robbing-kong';
        /** @enum {string} */
        from?: 'E' | 'S' | 'W' | 'N';
      };
    };
    FalseWinDeclaredEvent: {
      /** @enum {string} */
      type: 'FalseWinDeclared';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        tile: number;
        /** @enum {string} */
        by: 'self-draw' | 'discard' | 'robbing-kong';
        /** @enum {string} */
        from?: 'E' | 'S' | 'W' | 'N';
        reason: string;
      };
    };
    DeadHandDeclaredEvent: {
      /** @enum {string} */
      type: 'DeadHandDeclared';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        held: number;
        expected: number;
      };
    };
    ScoresDeclaredEvent: {
      /** @enum {string} */
      type: 'ScoresDeclared';
      data: {
        scores: {
          E?: number;
          S?: number;
          W?: number;
          N?: number;
        };
      };
    };
    PenaltyAssessedEvent: {
      /** @enum {string} */
      type: 'PenaltyAssessed';
      data: {
        /** @enum {string} */
        seat: 'E' | 'S' | 'W' | 'N';
        kind: string;
        points: number;
        reason: string;
        /** @enum {string} */
        settled: 'now' | 'with-hand';
        transfers: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          reason: string;
        }[];
      };
    };
    ImmediatePaymentEvent: {
      /** @enum {string} */
      type: 'ImmediatePayment';
      data: {
        /** @enum {string} */
        kind:
          | 'chasing'
          | 'west-exception'
          | 'dice-triple'
          | 'concealed-gong'
          | 'unshown-concealed-gong'
          | 'flower-money';
        settles: string;
        transfers: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          reason: string;
        }[];
        withheld: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          reason: string;
        }[];
      };
    };
    HandSettledEvent: {
      /** @enum {string} */
      type: 'HandSettled';
      data: {
        ruleset: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          hash: string;
        };
        winners: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          handScore: number;
          effectiveScore: number;
        }[];
        lapsed: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          reason: string;
        }[];
        transfers: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          reason: string;
        }[];
      };
    };
    SettlementCorrectedEvent: {
      /** @enum {string} */
      type: 'SettlementCorrected';
      data: {
        corrects: string;
        /** @enum {string} */
        mode: 'adjustment' | 'replacement';
        correctedBy: {
          /** @enum {string} */
          role: 'organizer' | 'referee' | 'system';
          id: string;
        };
        wrong: string;
        reason: string;
        amendmentId?: string;
        ruleset: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          hash: string;
        };
        previousRuleset?: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          hash: string;
        };
        winners: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          handScore: number;
          effectiveScore: number;
        }[];
        lapsed: {
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          reason: string;
        }[];
        transfers: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          reason: string;
        }[];
        previous?: {
          /** @enum {string} */
          from: 'E' | 'S' | 'W' | 'N';
          /** @enum {string} */
          to: 'E' | 'S' | 'W' | 'N';
          points: number;
          reason: string;
        }[];
        deltas?: {
          E?: number;
          S?: number;
          W?: number;
          N?: number;
        };
      };
    };
    HandDrawnEvent: {
      /** @enum {string} */
      type: 'HandDrawn';
      data: OneOf<
        [
          {
            /** @enum {string} */
            reason: 'wall-exhausted';
          },
          {
            /** @enum {string} */
            reason: 'pond-full';
            /** @enum {string} */
            seat: 'E' | 'S' | 'W' | 'N';
            discards: number;
          },
        ]
      >;
    };
    HandVoidedEvent: {
      /** @enum {string} */
      type: 'HandVoided';
      data: {
        /** @enum {string} */
        cause: 'false-win' | 'misdeal' | 'ruling';
        explanation: string;
      };
    };
    WallRevealedEvent: {
      /** @enum {string} */
      type: 'WallRevealed';
      data: {
        order: number[];
        hash: string;
      };
    };
    HandResultEnteredEvent: {
      /** @enum {string} */
      type: 'HandResultEntered';
      data: {
        gameId: string;
        hand: number;
        ruleset: {
          /** @enum {string} */
          preset: 'hu-mahjong' | 'four-seas' | 'chinese-classical' | 'mahjong-house' | 'table-law';
          version: number;
          options: {
            [key: string]: unknown;
          };
          hash: string;
        };
        /** @enum {string} */
        prevalentWind: 'E' | 'S' | 'W' | 'N';
        seatWinds: {
          E?: string;
          S?: string;
          W?: string;
          N?: string;
        };
        repeats: number;
        result: OneOf<
          [
            {
              /** @enum {string} */
              kind: 'win';
              /** @enum {string} */
              by: 'self-draw' | 'discard' | 'robbing-kong';
              /** @enum {string} */
              from?: 'E' | 'S' | 'W' | 'N';
              claims: {
                /** @enum {string} */
                seat: 'E' | 'S' | 'W' | 'N';
                handScore?: number;
                hand?: string;
                /** @default [] */
                melds?: {
                  tiles: string;
                  /** @default false */
                  concealed?: boolean;
                }[];
                winningTile?: string;
                /** @default [] */
                flowers?: string[];
                luck?: {
                  /** @default false */
                  lastTile?: boolean;
                  /** @default 0 */
                  afterKong?: number;
                  /** @default 0 */
                  afterFlower?: number;
                  /** @default false */
                  heaven?: boolean;
                  /** @default false */
                  earth?: boolean;
                };
              }[];
              loserScores?: {
                E?: number;
                S?: number;
                W?: number;
                N?: number;
              };
              penalties?: {
                /** @enum {string} */
                seat: 'E' | 'S' | 'W' | 'N';
                kind: string;
                points: number;
              }[];
              dieForgotten?: boolean;
            },
            {
              /** @enum {string} */
              kind: 'drawn';
              ready: ('E' | 'S' | 'W' | 'N')[];
              patterns?: {
                /** @enum {string} */
                seat: 'E' | 'S' | 'W' | 'N';
                /** @enum {string} */
                pattern: 'all-terminal-and-honor-discards' | 'eight-immortals';
              }[];
            },
            {
              /** @enum {string} */
              kind: 'voided';
              /** @enum {string} */
              cause: 'misdeal' | 'ruling';
              explanation: string;
            },
          ]
        >;
        request: components['schemas']['ScoreRequest'] & (Record<string, never> | null);
        enteredBy: {
          /** @enum {string} */
          role: 'referee' | 'organizer' | 'scorer';
          id: string;
        };
      };
    };
    GameFinishedEvent: {
      /** @enum {string} */
      type: 'GameFinished';
      data: {
        /** @enum {string} */
        reason: 'rounds-complete' | 'hand-limit' | 'time-limit' | 'stopped-by-organizer';
        hands: number;
        scores: {
          playerId: string;
          points: number;
        }[];
      };
    };
    SeatAction:
      | {
          /** @enum {string} */
          action: 'discard';
          tile: string;
        }
      | {
          /** @enum {string} */
          action: 'pass';
        }
      | {
          /** @enum {string} */
          action: 'pong';
        }
      | {
          /** @enum {string} */
          action: 'kong';
        }
      | {
          /** @enum {string} */
          action: 'chow';
          tiles: [string, string];
        }
      | {
          /** @enum {string} */
          action: 'win';
          handScore?: number;
          loserScores?: {
            E?: number;
            S?: number;
            W?: number;
            N?: number;
          };
        }
      | {
          /** @enum {string} */
          action: 'self-draw';
          handScore?: number;
          loserScores?: {
            E?: number;
            S?: number;
            W?: number;
            N?: number;
          };
        }
      | {
          /** @enum {string} */
          action: 'declare-kong';
          tile: string;
          /** @enum {string} */
          kind: 'concealed' | 'added';
        }
      | {
          /** @enum {string} */
          action: 'place-streak-die';
        };
    RefereeAction: OneOf<
      [
        {
          /** @enum {string} */
          action: 'dead-hand';
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
          held: number;
        },
        {
          /** @enum {string} */
          action: 'charge-unshown-gong';
          /** @enum {string} */
          seat: 'E' | 'S' | 'W' | 'N';
        },
      ]
    >;
    /** @description text/event-stream: a `retry:` line, then one `event: seat` frame (`id:` and `data:`, the seat view as GET /api/games/{gameId}/seat answers it) at once and on every change the seat can see, `: heartbeat` comments between, and a last `event: ended` frame once the game is finished */
    SeatStreamEvent: OneOf<
      [
        {
          /** @enum {string} */
          event: 'seat';
          /** @description Counts the frames sent on this stream, from 1 */
          id: string;
          data: components['schemas']['SeatView'];
        },
        {
          /** @enum {string} */
          event: 'ended';
          id: string;
          data: components['schemas']['SeatStreamEnded'];
        },
      ]
    >;
    SeatStreamEnded: {
      gameId: string;
      /** @enum {string} */
      reason: 'game-finished';
      /** @description The game’s final scores, by player */
      scores: {
        [key: string]: number;
      };
    };
    Standings: {
      standings: components['schemas']['StandingRow'][];
    };
    StandingRow: {
      playerId: string;
      name: string;
      /** @description Shared on equal scores */
      place: number;
      points: number;
      tablePoints: number;
      games: number;
      withdrawn: boolean;
    };
    StandingsProgress: {
      /** @description Hand 3 of round 2 is one step at every table; (0, 0) holds penalties before any hand */
      steps: {
        round: number;
        /** @description The hand's number in its game */
        hand: number;
      }[];
      players: {
        playerId: string;
        /** @description The points after each step; the last is the standings’ */
        totals: number[];
      }[];
    };
    Board: {
      tournamentId: string;
      round: number | null;
      /** @description Round → its clock in minutes */
      minutes: {
        [key: string]: number;
      };
      roundEndsAt: string | null;
      tables: components['schemas']['BoardTable'][];
    };
    BoardTable: {
      table: number;
      gameId: string;
      /** @description Seat → player as seated */
      seats: {
        [key: string]: string;
      };
      /** @enum {string} */
      phase: 'seated' | 'playing' | 'finished';
      /** @description Closed by the round before its game finished */
      closed: boolean;
      hand: number | null;
      prevalentWind: string | null;
      dealer: string | null;
      /** @description Seat → player of the hand in play */
      seatWinds: {
        [key: string]: string;
      };
      points: {
        [key: string]: number;
      };
      lastAction: string | null;
      wallRemaining: number | null;
      extraMinutes: number;
      /** @description The round’s end plus this table’s extra minutes */
      endsAt: string | null;
    };
    /** @description text/event-stream: a `retry:` line, then one `event: board` frame per change (`id:` and `data:`, the whole board as JSON), and `: heartbeat` comments between */
    BoardStreamEvent: {
      /** @enum {string} */
      event: 'board';
      /** @description Counts the boards sent on this stream, from 1 */
      id: string;
      data: components['schemas']['Board'];
    };
    Replay: {
      /** @description Whether the hand has ended */
      over: boolean;
      stream: string;
      gameId: string;
      hand: number;
      steps: components['schemas']['ReplayStep'][];
      windows: components['schemas']['ClaimWindow'][];
      payments: components['schemas']['Payment'][];
    };
    ReplayStep: {
      revision: number;
      eventId: string;
      /** @description The event type */
      type: string;
      /** @description The seat that acted, else the actor’s role */
      who: string;
      what: string;
      at: string;
      table: {
        phase: string;
        wallRemaining: number;
        seats: {
          [key: string]: {
            player: string;
            /** @description Notation; shown to players once the hand is over */
            concealed: string;
            melds: string[];
            flowers: string;
            pond: string;
          };
        };
      };
    };
    ClaimWindow: {
      revision: number;
      offer: {
        tile: string;
        from: string;
        kind: string;
      };
      deadline: string;
      open: {
        [key: string]: {
          win: boolean;
          kong: boolean;
          pong: boolean;
          chows: string[];
          barredFromWin?: string;
        };
      };
      answers: {
        [key: string]: {
          /** @enum {string} */
          answer: 'claim' | 'pass' | 'timeout';
          claim?: string;
          late?: string;
        };
      };
      resolution: {
        outcome: string;
        detail: string;
        lapsed: {
          seat: string;
          claim: string;
          reason: string;
        }[];
        lockedUntilDraw: string[];
      } | null;
    };
    Payment: {
      revision: number;
      eventId: string;
      /** @enum {string} */
      kind: 'settlement' | 'correction' | 'immediate' | 'penalty';
      detail: string;
      transfers: components['schemas']['Transfer'][];
      /** @description Part of the settlement that stands */
      inForce: boolean;
      correction?: {
        /** @enum {string} */
        mode: 'adjustment' | 'replacement';
        /** @description The settlement or correction it corrects, by event id */
        corrects: string;
        correctedBy: {
          role: string;
          id: string;
        };
        wrong: string;
        reason: string;
        amendmentId?: string;
        replaced: components['schemas']['Transfer'][];
        standing: components['schemas']['Transfer'][];
        deltas: {
          [key: string]: number;
        };
      };
    };
    Transfer: {
      from: string;
      to: string;
      points: number;
      reason: string;
    };
    AuditLog: {
      entries: components['schemas']['AuditEntry'][];
    };
    AuditEntry: {
      /** @enum {string} */
      kind:
        | 'penalty'
        | 'penalty-cancelled'
        | 'dispute'
        | 'ruling'
        | 'correction'
        | 'table-corrected'
        | 'amendment'
        | 'amendment-applied'
        | 'void';
      /** @description The event type */
      type: string;
      event: {
        id: string;
        stream: string;
        revision: number;
        hash: string;
      };
      who: {
        role?: string;
        seat?: string;
        id?: string;
      };
      at: string;
      why: string;
      detail: string;
      /** @description Each affected player’s tournament points before */
      before: {
        [key: string]: number;
      };
      after: {
        [key: string]: number;
      };
      settlementBefore?: {
        [key: string]: number;
      };
      settlementAfter?: {
        [key: string]: number;
      };
      correction?: {
        /** @enum {string} */
        mode: 'adjustment' | 'replacement';
        /** @description The settlement or correction it corrects, by event id */
        corrects: string;
        correctedBy: {
          role: string;
          id: string;
        };
        wrong: string;
        reason: string;
        amendmentId?: string;
        seatsBefore: {
          [key: string]: number;
        };
        seatsAfter: {
          [key: string]: number;
        };
        deltas: {
          [key: string]: number;
        };
      };
      table?: {
        round: number;
        table: number;
        gameId: string;
        hand: number;
        correction: string;
        before: {
          [key: string]: number;
        };
        after: {
          [key: string]: number;
        };
      };
      amendment?: {
        amendmentId: string;
        changes: {
          [key: string]: {
            from?: unknown;
            to?: unknown;
          };
        };
        scope: OneOf<
          [
            {
              /** @enum {string} */
              kind: 'event';
            },
            {
              /** @enum {string} */
              kind: 'round';
              round: number;
            },
            {
              /** @enum {string} */
              kind: 'hand';
              round: number;
              hand: number;
            },
            {
              /** @enum {string} */
              kind: 'next-hand';
            },
          ]
        >;
        revision: number;
        hash: string;
        previousHash: string;
        recompute: boolean;
        amendedBy: {
          role: string;
          id: string;
        };
      };
      applied?: {
        amendmentId: string;
        hands: number;
        corrected: number;
        unchanged: number;
        kept: number;
        refused: number;
      };
    };
    PlayerHistory: {
      games: components['schemas']['PlayerGame'][];
    };
    PlayerGame: {
      playerId: string;
      gameId: string;
      tournamentId: string | null;
      round: number | null;
      table: number | null;
      finished: boolean;
      /** @description The first hand’s seat */
      seat: string;
      points: number;
      /** @description Shared on equal points; null until finished */
      place: number | null;
      handsWon: number;
      penalties: number;
      penaltyPoints: number;
    };
  };
  responses: never;
  parameters: {};
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {
  /** Liveness: the API answers */
  getHealth: {
    responses: {
      /** @description The API is up */
      200: {
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
            uptimeSeconds: number;
          };
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Score one hand (the score contract)
   * @description spec/score-contract.md: 400 invalid-input names the field as the command line does (`field`); 422 not-a-win names the seat whose claim is no win.
   */
  postScore: {
    requestBody: {
      content: {
        'application/json': components['schemas']['ScoreRequest'];
      };
    };
    responses: {
      /** @description The resolution and payments */
      200: {
        content: {
          'application/json': components['schemas']['ScoreOutput'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A claim is not a winning hand (not-a-win, with `seat`) */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** The amendments made, each with its recompute’s job */
  getTournamentsTournamentIdAmendments: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    responses: {
      /** @description amendments, oldest first */
      200: {
        content: {
          'application/json': components['schemas']['Amendments'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Amend the ruleset: settlement options re-settle finished hands in scope
   * @description RulesetAmended on the tournament; when settlement options change over hands already played, the recompute is queued as one job (`job`). 422 unknown-option, bad-option-value, option-not-amendable, amendment-not-retroactive (an option that changes play, over hands already played: amend it with scope next-hand), amendment-changes-nothing; 409 amendment-exists. Nothing is written on a refusal.
   */
  postTournamentsTournamentIdAmendments: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AmendRuleset'];
      };
    };
    responses: {
      /** @description RulesetAmended, and the recompute’s job */
      201: {
        content: {
          'application/json': components['schemas']['RulesetAmendedAnswer'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: amendment-exists, tournament-finished */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: unknown-option, bad-option-value, amendment-not-retroactive… */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Preview an amendment: nothing is written
   * @description The recompute’s own computation on the hands as stored: per hand and per player before, after and the change, the counts, and the standings before and after. Refused as the amendment would be.
   */
  postTournamentsTournamentIdAmendmentsPreview: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AmendRuleset'];
      };
    };
    responses: {
      /** @description what the amendment would do */
      200: {
        content: {
          'application/json': components['schemas']['AmendmentPreview'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: unknown-option, bad-option-value, amendment-not-retroactive… */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Queue an amendment’s recompute again (409 duplicate-job while its job is known) */
  postTournamentsTournamentIdAmendmentsAmendmentIdRecompute: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The amendment */
        amendmentId: string;
      };
    };
    responses: {
      /** @description queued */
      202: {
        content: {
          'application/json': components['schemas']['AmendmentJob'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description duplicate-job: a job of this amendment is known to the queue */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description unknown-amendment */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** A recompute’s progress as server-sent events: `progress` {done,total}, `completed`, `failed` */
  getTournamentsTournamentIdAmendmentsAmendmentIdProgress: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The amendment */
        amendmentId: string;
      };
    };
    responses: {
      /** @description text/event-stream */
      200: {
        content: never;
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The rule presets and their options
   * @description Each preset a tournament may be created from (`POST /api/tournaments` `preset`), its rule text and version, and every option with its description, default, amendability and JSON Schema. Public.
   */
  getPresets: {
    responses: {
      /** @description Every preset */
      200: {
        content: {
          'application/json': components['schemas']['PresetList'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The tournaments the token may see: id, name, status, players, rounds, created
   * @description A global organizer sees every tournament; an organizer or referee bound to one sees that one. Newest first.
   */
  getTournaments: {
    responses: {
      /** @description The tournaments */
      200: {
        content: {
          'application/json': components['schemas']['TournamentList'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Create a tournament
   * @description A global organizer, or one bound to the tournament it names. The ruleset is the preset with its options (400 naming body.options.<option> when the preset refuses one).
   */
  postTournaments: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTournament'];
      };
    };
    responses: {
      /** @description TournamentCreated, and the revision (0) */
      201: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: tournament-exists */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * A tournament: players, rounds and tables, penalties, disputes
   * @description ETag: the tournament stream’s revision. A player or scorer token of the tournament gets no seeds.
   */
  getTournamentsTournamentId: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    responses: {
      /** @description The tournament as it stands */
      200: {
        content: {
          'application/json': components['schemas']['Tournament'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Register a player
   * @description A name another player of the tournament has already is registered as given; `duplicateNames` flags it.
   */
  postTournamentsTournamentIdPlayers: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterPlayer'];
      };
    };
    responses: {
      /** @description PlayerRegistered, and the names flagged */
      201: {
        content: {
          'application/json': components['schemas']['PlayersRegistered'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: player-exists, tournament-finished… */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: bad-player-id (substitute-k is the seating’s) */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Register a list of players from CSV: all of them, or none
   * @description The body is the CSV (`text/csv`) or `{ csv }`. Header row: `name` (required), `id`, `club` (optional), in any order and case; one player a row, blank rows skipped, at most 1000. A row without an id gets a slug of its name. Every row is checked first: a bad one is 400 naming its row and field (`body.csv.<row>.<field>`, the header being row 1), an id already registered 409 `player-exists`; nothing is written. A name already registered, or twice in the file, is 409 `duplicate-names` listing them, unless `allowDuplicateNames=true`: then they are registered as given (never renamed) and flagged in `duplicateNames`. `dryRun=true` answers what would be registered, duplicates included, and writes nothing.
   */
  postTournamentsTournamentIdPlayersImport: {
    parameters: {
      query?: {
        /** @description true: register names already registered (or twice in the file) as they are, flagged */
        allowDuplicateNames?: 'true' | 'false';
        /** @description true: check the file and answer what would be registered; nothing is written */
        dryRun?: 'true' | 'false';
      };
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ImportPlayers'];
      };
    };
    responses: {
      /** @description dryRun: what would be registered */
      200: {
        content: {
          'application/json': components['schemas']['PlayersImported'];
        };
      };
      /** @description PlayerRegistered for each row, in file order */
      201: {
        content: {
          'application/json': components['schemas']['PlayersImported'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such tournament */
      404: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: player-exists (with the row), duplicate-names, tournament-finished */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Withdraw a player from later rounds */
  postTournamentsTournamentIdPlayersPlayerIdWithdraw: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description A registered player */
        playerId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WithdrawPlayer'];
      };
    };
    responses: {
      /** @description PlayerWithdrawn */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Replace a player by a new one */
  postTournamentsTournamentIdPlayersPlayerIdReplace: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description A registered player */
        playerId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReplacePlayer'];
      };
    };
    responses: {
      /** @description PlayerReplaced */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Finish the tournament
   * @description Refused while a round is started or a dispute is open (409). Afterwards no player, round, penalty or dispute can be recorded (409 tournament-finished); an amendment of the rules still can.
   */
  postTournamentsTournamentIdFinish: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    responses: {
      /** @description TournamentFinished */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: round-open, dispute-open, tournament-finished, not-created */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Schedule a round (again, until it is seated) */
  postTournamentsTournamentIdRounds: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ScheduleRound'];
      };
    };
    responses: {
      /** @description RoundScheduled */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Seat a round: random, swiss (by the standings so far) or uploaded tables
   * @description Swiss reads the standings from the finished tables’ results in force (corrections included): table points first where the tournament scores them, then points, less penalties in force, best first. Uploaded tables list player ids in seat order E, S, W, N.
   */
  postTournamentsTournamentIdRoundsRoundSeating: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SeatRound'];
      };
    };
    responses: {
      /** @description RoundSeated */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Plan the seating of the rounds to come, all at once, with as few repeat pairs as can be
   * @description Plans `rounds` rounds from the first round not yet seated, for the active players, the rounds seated so far taken as history (docs/seating.md "Planned seating"). A round seated at random then follows the plan; swiss and uploaded rounds do not. After a withdrawal or a replacement, seating the next round repairs the plan with the fewest changes (SeatingPlanRepaired, before RoundSeated). A new plan replaces the old.
   */
  postTournamentsTournamentIdSeatingPlan: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlanSeating'];
      };
    };
    responses: {
      /** @description SeatingPlanned */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: too-few-players, tournament-finished, not-created */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The seating-quality report: repeat pairs, consecutive repeats, wind balance, table revisits
   * @description Over the rounds seated so far, and over those with the plan’s rounds still to seat. Substitutes are left out. ETag: the tournament stream’s revision.
   */
  getTournamentsTournamentIdSeatingQuality: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    responses: {
      /** @description The report */
      200: {
        content: {
          'application/json': components['schemas']['SeatingQualityReport'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Start a round: its clock runs and its tables’ games start */
  postTournamentsTournamentIdRoundsRoundStart: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    responses: {
      /** @description RoundStarted */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Close a round (force: with tables still playing, listed as unfinished) */
  postTournamentsTournamentIdRoundsRoundClose: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CloseRound'];
      };
    };
    responses: {
      /** @description RoundClosed */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Give a table extra minutes beyond the round clock */
  postTournamentsTournamentIdRoundsRoundTablesTableExtend: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
        table: number;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ExtendTableTime'];
      };
    };
    responses: {
      /** @description TableTimeExtended */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Who the token speaks for: role, bindings, expiry
   * @description For any valid token. A player’s round, table and seat (this hand’s wind) and a scorer’s round and table; `ended` says why a seat or scorer token sends no more commands. The web app decides its navigation from it.
   */
  getMe: {
    responses: {
      /** @description The session */
      200: {
        content: {
          'application/json': components['schemas']['Session'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Issue a scorer token for every table of a round whose hands are entered
   * @description Each token is bound to one table (its game): it previews and enters that table’s hands and reads its table, nothing else, and ends with the game (or the round’s close). Calling again revokes the round’s scorer tokens issued before (`revoked`), so a lost card stops working: one live scorer token per table. The raw tokens are shown only here.
   */
  postTournamentsTournamentIdRoundsRoundScorerTokens: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    responses: {
      /** @description A token per table */
      201: {
        content: {
          'application/json': components['schemas']['ScorerTokens'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such tournament */
      404: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: round-not-seated, round-closed, played-live (a live round has no scorer) */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The table cards of a seated round, with fresh tokens to print
   * @description Per table: its number, its players by seat wind (names and clubs) and the tokens for the card, each with its sign-in link (`/sign-in#token=…`, for a QR code). A round whose hands are entered gets a scorer token per table and no seat tokens (its players send nothing); a live round a seat token per seat. Issuing the cards again revokes every seat and scorer token of the round’s tables issued before (`revoked`): only the latest cards work. The raw tokens are shown only here.
   */
  postTournamentsTournamentIdRoundsRoundTableCards: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    responses: {
      /** @description The cards */
      201: {
        content: {
          'application/json': components['schemas']['TableCards'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such tournament */
      404: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: round-not-seated, round-closed */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Issue a player token for every seat of a seated round
   * @description Each token is bound to the table’s game and names the player. Calling again issues fresh tokens and revokes the ones issued before for those games and players. The raw tokens are shown only here.
   */
  postTournamentsTournamentIdRoundsRoundSeatTokens: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        round: number;
      };
    };
    responses: {
      /** @description A token per seated player (substitutes included) */
      201: {
        content: {
          'application/json': components['schemas']['SeatTokens'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: round-not-seated */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Issue a referee token for the tournament
   * @description Each call issues one more token; earlier ones stay valid until they expire (30 days unless `expiresInHours` says otherwise) or are revoked.
   */
  postTournamentsTournamentIdRefereeTokens: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['IssueRefereeToken'];
      };
    };
    responses: {
      /** @description The token, shown only here */
      201: {
        content: {
          'application/json': components['schemas']['RefereeToken'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The tournament’s tokens: id, role, label, binding, created, expires, revoked (never the token)
   * @description Organizers of the tournament see every token bound to it; a referee sees the referee and seat tokens. Oldest first, `limit` a page (default 100), `after` the `next` of the page before.
   */
  getTournamentsTournamentIdTokens: {
    parameters: {
      query?: {
        role?: 'organizer' | 'referee' | 'player' | 'scorer';
        gameId?: string;
        /** @description true: only tokens not revoked and not expired */
        active?: 'true' | 'false';
        limit?: number;
        after?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    responses: {
      /** @description A page of tokens */
      200: {
        content: {
          'application/json': components['schemas']['TokenPage'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Revoke one of the tournament’s tokens
   * @description An organizer of the tournament revokes any token bound to it; a referee revokes seat tokens and its own token (403 for an organizer’s or another referee’s). Revoking twice keeps the first time. 404 for a token not bound to this tournament.
   */
  postTournamentsTournamentIdTokensTokenIdRevoke: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The token’s id (never the token) */
        tokenId: string;
      };
    };
    responses: {
      /** @description The token as it stands now */
      200: {
        content: {
          'application/json': components['schemas']['Token'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A referee revoking an organizer’s or another referee’s token */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such token in this tournament */
      404: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** The global organizer tokens (bound to no tournament): for a global organizer */
  getTokens: {
    parameters: {
      query?: {
        /** @description true: only tokens not revoked and not expired */
        active?: 'true' | 'false';
        limit?: number;
        after?: string;
      };
    };
    responses: {
      /** @description A page of tokens */
      200: {
        content: {
          'application/json': components['schemas']['TokenPage'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Revoke any token, global or bound: for a global organizer
   * @description A global organizer may revoke its own token too; `npm start` then issues a new one at its next start.
   */
  postTokensTokenIdRevoke: {
    parameters: {
      path: {
        /** @description The token’s id (never the token) */
        tokenId: string;
      };
    };
    responses: {
      /** @description The token as it stands now */
      200: {
        content: {
          'application/json': components['schemas']['Token'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No such token */
      404: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Penalise a player (penaltyId generated) */
  postTournamentsTournamentIdPenalties: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PenalisePlayer'];
      };
    };
    responses: {
      /** @description PlayerPenalised */
      201: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: unknown-player, bad-penalty… */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Cancel a penalty (it stays on record, cancelled) */
  postTournamentsTournamentIdPenaltiesPenaltyIdCancel: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The penalty */
        penaltyId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CancelPenalty'];
      };
    };
    responses: {
      /** @description PenaltyCancelled */
      200: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Open a dispute about a hand (disputeId generated) */
  postTournamentsTournamentIdDisputes: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OpenDispute'];
      };
    };
    responses: {
      /** @description DisputeOpened */
      201: {
        content: {
          'application/json': components['schemas']['TournamentEventsAppended'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Rule a dispute, and carry out the ruling on the hand
   * @description penalty: PlayerPenalised beside DisputeRuled. correction: SettlementCorrected in the hand stream, adding to (mode adjustment) or restating (mode replacement) the settlement in force, then the game and a finished table count it (409 hand-not-settled without one; 422 bad-correction for a seat not at the table, correction-not-zero-sum, correction-changes-nothing). void-and-redeal: the game’s live hand is voided and the same dealer deals again (409 hand-not-live otherwise). Both checks come before the ruling is recorded.
   */
  postTournamentsTournamentIdDisputesDisputeIdRuling: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The dispute */
        disputeId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RuleDispute'];
      };
    };
    responses: {
      /** @description DisputeRuled (and what it appended to the hand) */
      200: {
        content: {
          'application/json': components['schemas']['DisputeRuled'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: dispute-closed, hand-not-settled, hand-not-live */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: unknown-dispute, bad-correction, correction-not-zero-sum, correction-changes-nothing, bad-penalty */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Preview a correction ruling: nothing is written
   * @description The same decision as the ruling, on the hand as stored: per seat and player the settlement before, after and the change, the SettlementCorrected it would append, and the standings before and after.
   */
  postTournamentsTournamentIdDisputesDisputeIdRulingPreview: {
    parameters: {
      path: {
        /** @description The tournament */
        tournamentId: string;
        /** @description The dispute */
        disputeId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PreviewCorrection'];
      };
    };
    responses: {
      /** @description what the correction would do */
      200: {
        content: {
          'application/json': components['schemas']['CorrectionPreview'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: dispute-closed, hand-not-settled */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: unknown-dispute, bad-correction, correction-not-zero-sum… */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The next hand to enter: its number, who holds each wind, the points so far
   * @description What a table scorer’s page shows (the scorer token of this game, or a referee or organizer of its tournament). ETag: the game stream’s revision.
   */
  getGamesGameIdHandsNext: {
    parameters: {
      path: {
        gameId: string;
      };
    };
    responses: {
      /** @description The next hand’s frame */
      200: {
        content: {
          'application/json': components['schemas']['NextHand'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Preview the next hand’s entered result: nothing is written */
  postGamesGameIdHandsNextPreview: {
    parameters: {
      header?: {
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        gameId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EnterHandResult'];
      };
    };
    responses: {
      /** @description What the entry would settle */
      200: {
        content: {
          'application/json': components['schemas']['EntryPreview'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: game-not-playing, played-live */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected (invalid-entry, with field) or not-a-win (with seat) */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Enter the next hand’s result
   * @description The game records the hand and awaits the next entry. ETag: the hand stream’s revision.
   */
  postGamesGameIdHandsNextEntry: {
    parameters: {
      header?: {
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        gameId: string;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EnterHandResult'];
      };
    };
    responses: {
      /** @description HandResultEntered, and HandSettled or HandVoided */
      201: {
        content: {
          'application/json': components['schemas']['HandEntered'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected: hand-already-recorded, game-not-playing, played-live */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description rejected (invalid-entry, with field) or not-a-win (with seat) */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * A table: its players, scores and current hand (nothing hidden in it)
   * @description ETag: the game stream’s revision. `handRevision` is the hand’s revision as the reader sees it: a player’s counts only the events their seat is shown.
   */
  getGamesGameId: {
    parameters: {
      path: {
        gameId: string;
      };
    };
    responses: {
      /** @description The table */
      200: {
        content: {
          'application/json': components['schemas']['Game'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** The player's own seat this hand: their tiles, the table's exposed tiles, what they may do */
  getGamesGameIdSeat: {
    parameters: {
      path: {
        gameId: string;
      };
    };
    responses: {
      /** @description The seat view; ETag is the hand’s revision as the seat sees it */
      200: {
        content: {
          'application/json': components['schemas']['SeatView'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** A player acts from their seat: discard, claim, pass, kong, self-drawn win… */
  postGamesGameIdHandsHandActions: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        gameId: string;
        hand: number;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SeatAction'];
      };
    };
    responses: {
      /** @description The events the action appended, as the seat sees them; ETag the hand’s revision as the seat sees it */
      200: {
        content: {
          'application/json': components['schemas']['ActionResult'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** A referee acts on a live hand: a dead hand found, an unshown concealed gong charged (table law) */
  postGamesGameIdHandsHandReferee: {
    parameters: {
      header?: {
        /** @description The stream revision the command was decided against: "7", W/"7" or * */
        'if-match'?: string;
        /** @description Unique per command, kept across retries; also the command id */
        'idempotency-key'?: string;
      };
      path: {
        gameId: string;
        hand: number;
      };
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RefereeAction'];
      };
    };
    responses: {
      /** @description The events appended */
      200: {
        content: {
          'application/json': components['schemas']['ActionResult'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key is in use by a running request */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The stream moved on since If-Match (stale-version) */
      412: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The Idempotency-Key was used for another request */
      422: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The player's own seat as server-sent events: `seat` with the seat view on every change
   * @description The seat token’s own seat, as GET /api/games/{gameId}/seat answers it (the same refusals: 403 for a player seated nowhere this hand or a token of another game, 409 `no-hand` at a table whose hands are entered). A `seat` frame at once, then whenever what the seat reads changes (its visible revision, the hand): never the same view twice in a row, at most one per 50 ms (the latest always sent). `ended` once the game is finished, then the stream closes. At most 8 open streams per token: 429 `too-many-streams` beyond.
   */
  getGamesGameIdSeatStream: {
    parameters: {
      path: {
        gameId: string;
      };
    };
    responses: {
      /** @description An event stream: `seat` (the whole seat view) per change, `ended` at the game’s end */
      200: {
        content: {
          'text/event-stream': components['schemas']['SeatStreamEvent'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description no-hand: the table’s hands are entered by a scorer, no seat is dealt one */
      409: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description too-many-streams: the client holds its limit of open streams */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** Standings: points (or table points), places shared on equal scores */
  getTournamentsTournamentIdStandings: {
    parameters: {
      path: {
        tournamentId: string;
      };
    };
    responses: {
      /** @description One row per player, best first */
      200: {
        content: {
          'application/json': components['schemas']['Standings'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * Every player's running points after each hand, for the standings chart
   * @description The steps are (round, hand): hand 3 of round 2 is one step at every table. A player’s total after a step adds the hands of that step (settlements in force and payments made at once) and the penalties in force given there (at their hand, else at the last step of their round); the last total is the standings’ points.
   */
  getTournamentsTournamentIdStandingsProgress: {
    parameters: {
      path: {
        tournamentId: string;
      };
    };
    responses: {
      /** @description The steps and each player’s totals */
      200: {
        content: {
          'application/json': components['schemas']['StandingsProgress'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** The tables board: the current round's tables as they play */
  getTournamentsTournamentIdBoard: {
    parameters: {
      path: {
        tournamentId: string;
      };
    };
    responses: {
      /** @description The board */
      200: {
        content: {
          'application/json': components['schemas']['Board'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * The tables board as server-sent events: `board` with the whole board on every change
   * @description Changes are coalesced: at most one board per 250 ms on a stream, the latest always sent. At most 8 open streams per client (token, or IP without one): 429 `too-many-streams` beyond.
   */
  getTournamentsTournamentIdBoardStream: {
    parameters: {
      path: {
        tournamentId: string;
      };
    };
    responses: {
      /** @description An event stream: one `board` event (the whole board) per change */
      200: {
        content: {
          'text/event-stream': components['schemas']['BoardStreamEvent'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description too-many-streams: the client holds its limit of open streams */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * A hand step by step: tiles, ponds, melds, wall, claim windows and their resolutions, payments
   * @description Referees and organizers always; a player of the game once the hand is over (403 before).
   */
  getGamesGameIdHandsHandReplay: {
    parameters: {
      path: {
        gameId: string;
        hand: number;
      };
    };
    responses: {
      /** @description The replay */
      200: {
        content: {
          'application/json': components['schemas']['Replay'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /** The audit log: penalties, rulings, corrections and voids — who, when, why, before and after */
  getTournamentsTournamentIdAudit: {
    parameters: {
      path: {
        tournamentId: string;
      };
    };
    responses: {
      /** @description Entries in the order they happened */
      200: {
        content: {
          'application/json': components['schemas']['AuditLog'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * A player's games in this tournament: round, table, seat, points, place, wins, penalties
   * @description Organizers and referees of the tournament; only its own games, whatever else the player played. 404 for a player the tournament never registered.
   */
  getTournamentsTournamentIdPlayersPlayerIdHistory: {
    parameters: {
      path: {
        tournamentId: string;
        playerId: string;
      };
    };
    responses: {
      /** @description One row per game of the tournament */
      200: {
        content: {
          'application/json': components['schemas']['PlayerHistory'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  /**
   * A player's games in every tournament: for a global organizer
   * @description Every tournament’s games, so only an organizer bound to no tournament; others ask `/api/tournaments/{tournamentId}/players/{playerId}/history` (403 here).
   */
  getPlayersPlayerIdHistory: {
    parameters: {
      path: {
        playerId: string;
      };
    };
    responses: {
      /** @description One row per game */
      200: {
        content: {
          'application/json': components['schemas']['PlayerHistory'];
        };
      };
      /** @description The request does not fit its schema (invalid-request) */
      400: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No valid bearer token (unauthorized) */
      401: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The token may not do this here (forbidden) */
      403: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited (rate-limited) */
      429: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Internal error (internal) */
      500: {
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
}
