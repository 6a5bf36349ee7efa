// The CLI's exit statuses (spec/score-contract.md, docs/table-script.md), in a module of their own: a command
// module loaded while the CLI runs (amend-run.ts, correct-run.ts) cannot import cli.ts, whose top-level await
// is still running the command — Node would wait on it forever and exit 13.
export const EXIT_INVALID = 2;
export const EXIT_NOT_A_WIN = 3;
export const EXIT_REJECTED = 4;
