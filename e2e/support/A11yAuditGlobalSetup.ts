import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The run's folder of screens already revisited for an audit (fixtures.ts, `firstRevisitOf`): workers inherit the
 * variable set here. Removed when the run ends.
 */
export default function a11yAuditGlobalSetup(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), 'leadsmith-e2e-revisited-'));
  process.env.E2E_A11Y_REVISITED_DIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
