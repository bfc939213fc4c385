import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig, DatabaseConfig, TrustProxy } from './app-config.js';
import { ConfigError } from './lib/errors.js';
import { isTimeZone } from './lib/spreadsheet.js';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A proxy address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may report the client's address: none, the nearest N hops, or the listed
 * addresses. Trusting every hop would make any X-Forwarded-For a client sends its address.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; set the number of proxies in front of the shop (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY takes at most 10 proxy hops' });
    return z.NEVER;
  }
  const addresses = value.split(',').map((item) => item.trim()).filter(Boolean);
  const wrong = addresses.filter((item) => !isProxyAddress(item));
  if (addresses.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY takes false, a number of proxy hops (1) or a comma-separated list of proxy addresses or CIDR ranges (127.0.0.1,10.0.0.0/8); not ${wrong.join(', ') || value}`,
    });
    return z.NEVER;
  }
  return addresses;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'DATABASE_URL must start with postgres://, postgresql:// or sqlite:')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int('DATABASE_POOL_SIZE must be a whole number').min(2).max(200).default(10),
    PUBLIC_URL: optionalString.pipe(z.url('PUBLIC_URL must be a full URL such as https://shop.example.com').optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    CORS_ORIGINS: optionalString,
    SEED: z.enum(['demo', 'none']).default('demo'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    PUBLIC_CACHE_MS: z.coerce.number().int('PUBLIC_CACHE_MS must be a whole number of milliseconds').min(0).max(60_000).default(1000),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: optionalString.transform(parseTrustProxy),
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
    MAIL_FROM: z.string().default('Moto Parts <no-reply@motoparts.local>'),
    ADMIN_EMAIL: optionalString.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
    SHOP_EMAIL: optionalString.pipe(z.email('SHOP_EMAIL must be an email address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_').optional()),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional()),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional()),
    /** Where the Stripe SDK sends its requests; only for a local stand-in of Stripe's API in tests. */
    STRIPE_API_URL: optionalString.pipe(z.url().optional()),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
    MAX_CONNECTIONS: z.coerce.number().int('MAX_CONNECTIONS must be a whole number').min(1).default(1000),
    ORDER_PAYMENT_TIMEOUT_HOURS: z.coerce.number().min(0.1, 'ORDER_PAYMENT_TIMEOUT_HOURS must be at least 0.1 (6 minutes) so there is time to pay').max(24 * 365).default(1),
    UNPAID_ORDERS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    UNPAID_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
    /** Unpaid pieces of one part that the orders from one client address may hold together, whichever accounts placed them. */
    UNPAID_PART_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(100),
    IMAGE_UPLOAD_MB_PER_DAY: z.coerce.number().positive().max(1_000_000).default(50),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
        .optional(),
    ),
    S3_ENDPOINT: optionalString.pipe(z.url('S3_ENDPOINT must be a full URL such as https://s3.eu-central-1.amazonaws.com').optional()),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.url('S3_PUBLIC_URL must be a full URL such as https://images.example.com').optional()),
    IMAGE_UPLOADS_PER_DAY: z.coerce.number().int('IMAGE_UPLOADS_PER_DAY must be a whole number').min(1).default(100),
    SHOP_TIME_ZONE: z
      .string()
      .trim()
      .default('UTC')
      .refine(isTimeZone, 'SHOP_TIME_ZONE must be an IANA time zone such as Europe/London or America/New_York'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (stripeKeys !== 0 && stripeKeys !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together (none of them: test-mode payments)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (!env.S3_BUCKET) {
      const without = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((name) => env[name]);
      if (without.length > 0) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `${without.join(', ')} need S3_BUCKET, the bucket that holds the images` });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required in production' });
    }
  });

/** Headers come in one go from any real client; a slow trickle of them holds a connection. */
const HEADERS_TIMEOUT_MS = 10_000;

const webDistDefault = path.resolve(import.meta.dirname, '../../web/dist');

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the environment once; a wrong value stops the start with a readable message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  let database: DatabaseConfig;
  if (env.DATABASE_URL?.startsWith('postgres')) {
    database = { dialect: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE };
  } else {
    const file = env.DATABASE_URL?.startsWith('sqlite:') ? env.DATABASE_URL.slice('sqlite:'.length) : 'shop.db';
    database = { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(dataDir, file) };
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database,
    images: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : { kind: 'disk', directory: path.join(dataDir, 'images') },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustedOrigins: env.PUBLIC_URL
      ? [new URL(env.PUBLIC_URL).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`),
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean) : [],
    seed: env.SEED,
    logLevel: env.LOG_LEVEL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    publicCacheMs: env.PUBLIC_CACHE_MS,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : webDistDefault,
    trustProxy: env.TRUST_PROXY,
    connections: {
      requestTimeoutMs: Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000),
      headersTimeoutMs: Math.min(HEADERS_TIMEOUT_MS, Math.round(env.REQUEST_TIMEOUT_SECONDS * 500)),
      keepAliveTimeoutMs: Math.round(env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000),
      maxConnections: env.MAX_CONNECTIONS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    shopEmail: env.SHOP_EMAIL ?? env.ADMIN_EMAIL?.toLowerCase(),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER.replace(/\/$/, '') }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    orderPaymentTimeoutMs: env.ORDER_PAYMENT_TIMEOUT_HOURS * 60 * 60 * 1000,
    unpaidLimits: { orders: env.UNPAID_ORDERS_PER_ACCOUNT, units: env.UNPAID_UNITS_PER_ACCOUNT, partUnitsPerAddress: env.UNPAID_PART_UNITS_PER_ADDRESS },
    imageUploadsPerDay: { bytes: Math.round(env.IMAGE_UPLOAD_MB_PER_DAY * 1024 * 1024), uploads: env.IMAGE_UPLOADS_PER_DAY },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    shopTimeZone: env.SHOP_TIME_ZONE,
  };
}
