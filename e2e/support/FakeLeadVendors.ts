/**
 * Loopback stand-ins for OpenStreetMap's Nominatim and Overpass (api/test/fakeLeadVendors.ts, answering
 * from the fixtures in api/test/fixtures/leadVendors/osm.ts), started once by FakeLeadVendorsGlobalSetup.ts,
 * and a second API server whose local searches use them (LEAD_KEYLESS_SOURCES=site,osm) and whose people
 * searches and phone reveals go to the Apollo fake, so the other specs keep their labelled demo data. Ports follow the API's (E2E_PORT + 8 and + 9)
 * unless E2E_LEAD_VENDORS_PORT / E2E_OSM_API_PORT are set.
 */
import { NOMINATIM_RIBEIRA } from '../../api/test/fixtures/leadVendors/osm';

const API_PORT = Number(process.env.E2E_PORT ?? 8181);
export const LEAD_VENDORS_PORT = Number(process.env.E2E_LEAD_VENDORS_PORT ?? API_PORT + 8);
export const OSM_API_PORT = Number(process.env.E2E_OSM_API_PORT ?? API_PORT + 9);
export const OSM_API_BASE = `http://127.0.0.1:${OSM_API_PORT}`;
export const NOMINATIM_URL = `http://127.0.0.1:${LEAD_VENDORS_PORT}/nominatim/`;
export const OVERPASS_URL = `http://127.0.0.1:${LEAD_VENDORS_PORT}/overpass/api/interpreter`;
export const APOLLO_URL = `http://127.0.0.1:${LEAD_VENDORS_PORT}/apollo/`;
/** The key the Apollo fake accepts (api/test/fakeLeadVendors.ts FAKE_KEYS.apollo). */
export const FAKE_APOLLO_KEY = 'apollo-test-key';

/** The fake vendors' control (`/__control/…` in api/test/fakeLeadVendors.ts): make a source slow and release its answers from a spec. */
export const LEAD_VENDORS_CONTROL = `http://127.0.0.1:${LEAD_VENDORS_PORT}/__control`;

/**
 * A town only the live-results spec searches (Porto's places, a box of its own): its Overpass queries are never
 * answered from the API's cell cache of another spec's Porto search, and a hold `within` it catches only its own.
 */
export const RIBEIRA = {
  location: 'Ribeira, Porto',
  box: (([s, n, w, e]) => `${s},${w},${n},${e}`)(NOMINATIM_RIBEIRA[0]!.boundingbox),
};
