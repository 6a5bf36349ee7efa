// The CLI run in this process, then its peak resident set written to a file: how the platform bench measures
// the replay export's memory (`node --import tsx export-child.ts REPORT export --tournament … --what replays`).
import { writeFileSync } from 'node:fs';
import { main } from '../../services/cli.ts';

const [report, ...args] = process.argv.slice(2);
await main([process.argv[0]!, 'mahjong-ledger', ...args]);
// maxRSS is in kilobytes (KiB).
writeFileSync(report!, JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
