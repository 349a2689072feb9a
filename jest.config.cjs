// All unit and component tests: the web packages (jsdom) and the API (node).
module.exports = {
  // One worker (two cores) would run every file in the jest process itself, and the heap it keeps
  // from file to file (embedded databases, module registries) outgrew Node's default limit after
  // ~110 files. A worker past this size after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
  projects: ['<rootDir>/jest.web.config.cjs', '<rootDir>/api/jest.config.cjs'],
};
