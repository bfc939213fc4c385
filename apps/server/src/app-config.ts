/**
 * The shape of the shop's configuration. Modules, plugins and app.ts read it from here;
 * config.ts alone turns the environment into it, at start-up.
 */

export type TrustProxy = false | number | string[];

export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this time. */
  requestTimeoutMs: number;
  /** The headers must arrive within this time (less than the request time). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed. */
  idleTimeoutMs: number;
  /** Connections beyond this many are refused as they open. */
  maxConnections: number;
}

/**
 * Where images are kept: the disk under DATA_DIR (one instance), or an S3-compatible bucket
 * that every instance shares. Without keys, the SDK's own chain (an instance role) signs.
 */
export type ImageStoreConfig =
  | { kind: 'disk'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Images are served from here (the bucket's own address or a CDN) rather than through the shop. */
      publicUrl?: string;
    };

/** PostgreSQL: `poolSize` connections at most per instance (10 when not given), plus one for the background-jobs lock. */
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize?: number };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  images: ImageStoreConfig;
  publicUrl: string;
  /**
   * The origins the shop's own pages are opened from, whose requests identity accepts: the
   * origin of PUBLIC_URL, or, without it, every loopback spelling of the port (localhost,
   * 127.0.0.1, [::1]), as people type after `npm start`.
   */
  trustedOrigins: string[];
  authSecret: string;
  corsOrigins: string[];
  seed: 'demo' | 'none';
  logLevel: string;
  rateLimitScale: number;
  /** How long a public catalogue answer may be served again (0: never); every instance shows a change within it. */
  publicCacheMs: number;
  webDistDir: string;
  /**
   * The proxies whose X-Forwarded-For entries are believed: none (false), the nearest N hops
   * (the shop is reachable only through them), or the listed addresses and ranges.
   */
  trustProxy: TrustProxy;
  /** Limits that keep a slow or idle client from holding a connection (and the cap on connections). */
  connections: ConnectionLimits;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  admin?: { email: string; password: string };
  /** Where the shop's own email (contact messages) goes: SHOP_EMAIL, else ADMIN_EMAIL; unset: the first admin. */
  shopEmail?: string;
  /** Google sign-in through OpenID Connect; absent when not configured. */
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Card payments through Stripe; absent: the built-in test-mode provider. */
  stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };
  /** An order left unpaid this long is cancelled and its stock released. */
  orderPaymentTimeoutMs: number;
  /**
   * What one account may hold in orders waiting for payment, and the pieces of one part that the
   * orders from one client address may hold together, so nobody can hoard a part's stock.
   */
  unpaidLimits: { orders: number; units: number; partUnitsPerAddress: number };
  /** What one customer account may upload in 24 hours (an admin account ten times as much). */
  imageUploadsPerDay: { bytes: number; uploads: number };
  /** On SIGTERM, how long to keep serving (while reporting not ready) before closing. */
  shutdownDrainMs: number;
  /** The IANA time zone of the shop's clock (SHOP_TIME_ZONE, default UTC): the dates its exports write. */
  shopTimeZone: string;
}
