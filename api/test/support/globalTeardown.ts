export { teardown as default } from './globalSetup';
