/**
 * Imported first by a test file whose queue must give up on a dead worker within seconds: pg-boss
 * expiry of 2 s, supervision every second, no retry of search jobs. The queue reads these when its
 * modules load, so this module runs before the app's are imported. `restore` puts them back.
 */
const SETTINGS = { QUEUE_JOB_EXPIRE_SECONDS: '2', QUEUE_SUPERVISE_SECONDS: '1', SEARCH_JOB_RETRIES: '0' };
const saved = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, process.env[k]]));
Object.assign(process.env, SETTINGS);

export function restoreQueueSettings(): void {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
