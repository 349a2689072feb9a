/** mailchecker ships its declarations beside the package root, which its `main` does not point at. */
declare module 'mailchecker' {
  export function isValid(email: string): boolean;
  export function blacklist(): Set<string>;
}

/** role-based-email-addresses: the role local parts (info, sales, …) as one array, no declarations shipped. */
declare module 'role-based-email-addresses' {
  const roles: readonly string[];
  export = roles;
}
