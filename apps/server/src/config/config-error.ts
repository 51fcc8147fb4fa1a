/** A configuration problem found at boot: the server refuses to start and prints the message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
