// Before any test: the web app built when its sources are newer than the last build, once for the run, so
// browser tests in parallel never race on web-admin/dist.
import { buildWebApp } from '../../web-admin/build.ts';

export default async function setup(): Promise<void> {
  await buildWebApp({ ifStale: true, quiet: true });
}
