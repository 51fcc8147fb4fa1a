import type { AppConfig } from '../config/env.js';

type OriginConfig = Pick<AppConfig, 'canonicalHost' | 'publicUrl' | 'storeHosts' | 'trustProxy'>;

/**
 * Where a store's pages live and payment providers send the customer back to: https://<its first host> when stores
 * are served on their own hosts (CANONICAL_HOST=store-host) and it has one; PUBLIC_URL otherwise.
 */
export function storeBaseUrl(config: OriginConfig, hosts: readonly string[] | undefined): string {
  const host = hosts?.[0];
  return config.canonicalHost === 'store-host' && host ? `https://${host.toLowerCase()}` : config.publicUrl;
}

/** What a page request arrived at, as the browser sees it (the proxy's view when TRUST_PROXY=1). */
export interface ArrivedAt {
  protocol: string;
  /** Host name without the port, lower case. */
  hostname: string;
  /** Host with its port when it has one (Fastify's request.host). */
  host: string;
  /** Path and query, as received. */
  url: string;
}

/**
 * The address a page request must be redirected to so that it is served from its store's canonical origin, or null
 * when it already is. `storeHosts` of the store the request is for (its ?store=, or its host); a host the operator
 * mapped in STORE_HOSTS is its own canonical host (a staging or second domain is never sent to production). The scheme
 * counts only behind a trusted proxy (TRUST_PROXY=1): without it a TLS-terminating proxy's requests all look like
 * http, and redirecting them to https would loop (HSTS upgrades the scheme anyway).
 */
export function canonicalRedirect(
  config: OriginConfig,
  arrived: ArrivedAt,
  storeHosts: readonly string[] | undefined,
): string | null {
  if (config.canonicalHost === 'off') return null;
  if (config.canonicalHost === 'store-host') {
    if (arrived.hostname in config.storeHosts) return null;
    const first = storeHosts?.[0]?.toLowerCase();
    if (first) {
      const schemeOk = arrived.protocol === 'https' || !config.trustProxy;
      return schemeOk && arrived.hostname === first ? null : `https://${first}${arrived.url}`;
    }
  }
  const target = new URL(config.publicUrl);
  const sameHost = arrived.host.toLowerCase() === target.host;
  const schemeOk = `${arrived.protocol}:` === target.protocol || !config.trustProxy;
  return sameHost && schemeOk ? null : `${target.origin}${arrived.url}`;
}
