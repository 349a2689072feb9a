import { startFakeCrm } from '../../api/test/fakeCrm';
import { FAKE_CRM_PORT } from './FakeCrm';

/** Starts the fake CRM for the whole run (the API only calls it when a test connects a CRM); returns its teardown. */
export default async function fakeCrmGlobalSetup(): Promise<() => Promise<void>> {
  const crm = await startFakeCrm({ port: FAKE_CRM_PORT });
  return () => crm.close();
}
