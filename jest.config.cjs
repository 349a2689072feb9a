// All unit and component tests: the web packages (jsdom) and the API (node).
module.exports = {
  projects: ['<rootDir>/jest.web.config.cjs', '<rootDir>/api/jest.config.cjs'],
};
