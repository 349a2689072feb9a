import { startFakeLeadVendors } from '../../api/test/fakeLeadVendors';
import { LEAD_VENDORS_PORT } from './FakeLeadVendors';

/** Starts the fake lead vendors (Nominatim, Overpass, …) for the whole run; returns their teardown. */
export default async function fakeLeadVendorsGlobalSetup(): Promise<() => Promise<void>> {
  const vendors = await startFakeLeadVendors({}, { port: LEAD_VENDORS_PORT });
  return () => vendors.close();
}
