/**
 * Thrown for a bad environment variable; the message always names the key. Its own module so that
 * the start-up check of the Node version (server.ts) loads nothing else first.
 */
export class ConfigError extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`Invalid environment variable ${key}: ${problem}`);
    this.name = 'ConfigError';
  }
}
