import { z } from 'zod';
import { OperatorError } from './operator-error.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const syncNotifyModes = ['postgres', 'local'] as const;
const photoStorageKinds = ['disk', 's3'] as const;

function integer(defaultValue: number, min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(defaultValue);
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const contactEmail = z.email({ error: 'must be an email address' }).optional();

const envSchema = z
  .object({
    PORT: integer(3000, 0, 65_535),
    HOST: z.string().trim().min(1).default('localhost'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// address' })
      .optional(),
    DATABASE_POOL_MAX: integer(10, 1, 1000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .transform((value) => new URL(value))
      .optional(),
    STATIC_DIR: z.string().trim().min(1).default('dist'),
    GOOGLE_CLIENT_ID: z.string().trim().optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    AUTH_RATE_LIMIT_PER_IP: integer(20, 1, 1_000_000),
    PUBLIC_FORM_RATE_LIMIT_PER_IP: integer(10, 1, 1_000_000),
    TRUST_PROXY: booleanFlag,
    SYNC_NOTIFY: z.enum(syncNotifyModes, { error: `must be one of ${syncNotifyModes.join(', ')}` }).optional(),
    PHOTO_STORAGE: z
      .enum(photoStorageKinds, { error: `must be one of ${photoStorageKinds.join(', ')}` })
      .default('disk'),
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag,
    S3_PREFIX: z.string().trim().default(''),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional(),
    MAIL_FROM: z.string().trim().max(200).optional(),
    GOOGLE_TEST_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    PUSH_CONTACT: z.url({ protocol: /^(https|mailto)$/, error: 'must be an https: or mailto: address' }).optional(),
    CONTACT_PRIVACY_EMAIL: contactEmail,
    CONTACT_SUPPORT_EMAIL: contactEmail,
    CONTACT_GENERAL_EMAIL: contactEmail,
  })
  .refine((env) => (env.GOOGLE_CLIENT_ID === undefined) === (env.GOOGLE_CLIENT_SECRET === undefined), {
    error: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_ID'],
    // Checked even when other variables are wrong, so one run names every problem.
    when: () => true,
  })
  .refine((env) => env.PHOTO_STORAGE !== 's3' || (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    error: 's3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    path: ['PHOTO_STORAGE'],
    when: () => true,
  })
  .refine((env) => env.SYNC_NOTIFY !== 'postgres' || env.DATABASE_URL !== undefined, {
    error: 'postgres needs DATABASE_URL: the embedded database has no connection to spare for LISTEN',
    path: ['SYNC_NOTIFY'],
    when: () => true,
  });

export type LogLevel = (typeof logLevels)[number];

/** A local OpenID provider's addresses (oauth2-mock-server's layout), for browser tests only. */
function openIdEndpointsOf(issuer: string): NonNullable<GoogleSettings['endpoints']> {
  const base = issuer.replace(/\/$/, '');
  return { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo` };
}

type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  /** Google's own addresses unless set; only tests set them, to a local OpenID provider. */
  endpoints?: { authorize: string; token: string; userinfo: string };
};

/** The environment read into the server's settings: each setting is spelled here and in `envSchema`, nowhere else. */
const configSchema = envSchema.transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  /** Unset means the embedded PGlite database under `dataDir`. */
  databaseUrl: env.DATABASE_URL,
  databasePoolMax: env.DATABASE_POOL_MAX,
  dataDir: env.DATA_DIR,
  /** The address people use; its origin is the site's origin for the cross-site check. */
  publicUrl: env.PUBLIC_URL,
  staticDir: env.STATIC_DIR,
  google:
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? ({
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          ...(env.GOOGLE_TEST_ISSUER ? { endpoints: openIdEndpointsOf(env.GOOGLE_TEST_ISSUER) } : {}),
        } as GoogleSettings)
      : undefined,
  logLevel: env.LOG_LEVEL,
  authRateLimitPerIp: env.AUTH_RATE_LIMIT_PER_IP,
  /** Public form submissions (contact, suggestions, sign-ups) per 10 minutes from one address, all forms together. */
  publicFormRateLimitPerIp: env.PUBLIC_FORM_RATE_LIMIT_PER_IP,
  trustProxy: env.TRUST_PROXY,
  /**
   * How a write's change reaches the live channels: `postgres` (LISTEN/NOTIFY, across server instances) or `local`
   * (this process only). Postgres whenever DATABASE_URL is set, unless that database is the embedded PGlite served
   * over a socket (the end-to-end launcher), whose single connection a LISTEN would hold.
   */
  syncNotify: env.SYNC_NOTIFY ?? (env.DATABASE_URL ? 'postgres' : 'local'),
  /**
   * Where photo bytes live: `disk` (under `dataDir`/photos, one server) or `s3` (any S3-compatible store, shared by
   * several servers). docs/operations.md says which stores it is meant for.
   */
  photoStorage:
    env.PHOTO_STORAGE === 's3'
      ? {
          kind: 's3' as const,
          bucket: env.S3_BUCKET ?? '',
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
      : { kind: 'disk' as const },
  /**
   * Who runs this Hearth, for push services to reach if its pushes misbehave (an https: or mailto: address).
   * Defaults to the public address when that is https; Apple's push service refuses a localhost one.
   */
  pushContact:
    env.PUSH_CONTACT ??
    (env.PUBLIC_URL?.protocol === 'https:' ? env.PUBLIC_URL.origin : 'mailto:hearth@localhost.invalid'),
  /**
   * Email (the digest): sent through this SMTP server, from this address. Unset: Hearth sends no email, and the
   * digest setting says so.
   */
  mail: env.SMTP_URL
    ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `Hearth <hearth@${env.PUBLIC_URL?.hostname ?? 'localhost'}>` }
    : undefined,
  /**
   * The addresses the contact and legal pages list, each only when set (`GET /api/public/contact-addresses`): whoever
   * runs this Hearth reads them. Unset, those pages point to the contact form.
   */
  contactAddresses: {
    privacy: env.CONTACT_PRIVACY_EMAIL ?? null,
    support: env.CONTACT_SUPPORT_EMAIL ?? null,
    general: env.CONTACT_GENERAL_EMAIL ?? null,
  },
  /** Push services besides the public ones (push-services.ts): only tests set this, to a local push service. */
  pushServiceOrigins: [] as string[],
}));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends OperatorError {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Blank means unset: hosting panels often write `NAME=` for a variable left empty.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = configSchema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** Whether people reach the site over https: then cookies are Secure and the browser is told to stay on https. */
export function servesHttps(config: Config): boolean {
  return config.publicUrl?.protocol === 'https:';
}
