export { teardown as default } from './globalDns';
