// The search box lives with the list kit in @leadsmith/shared; admin screens keep importing it from here.
export { SearchBox } from '@leadsmith/shared';
