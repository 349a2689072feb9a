// Each API test file starts its own embedded PostgreSQL and seeds it: a few
// seconds on a loaded 2-core machine. Jest reads testTimeout only from the
// root config when projects are used, so each project sets its own here.
jest.setTimeout(30_000);
