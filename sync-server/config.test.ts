import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      databasePoolMax: 10,
      dataDir: './data',
      publicUrl: undefined,
      staticDir: 'dist',
      google: undefined,
      logLevel: 'info',
      authRateLimitPerIp: 20,
      publicFormRateLimitPerIp: 10,
      trustProxy: false,
      syncNotify: 'local',
      photoStorage: { kind: 'disk' },
      mail: undefined,
      pushContact: 'mailto:hearth@localhost.invalid',
      pushServiceOrigins: [],
      contactAddresses: { privacy: null, support: null, general: null },
    });
  });

  it('lists only the contact addresses that are set, and refuses one that is not an address', () => {
    expect(loadConfig({ CONTACT_PRIVACY_EMAIL: 'privacy@millers.example' }).contactAddresses).toEqual({
      privacy: 'privacy@millers.example',
      support: null,
      general: null,
    });
    expect(() => loadConfig({ CONTACT_SUPPORT_EMAIL: 'help desk' })).toThrow(/CONTACT_SUPPORT_EMAIL/);
  });

  it('sends email only with an SMTP server, and tells push services an https public address', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465', PUBLIC_URL: 'https://hearth.example' }),
    ).toMatchObject({
      mail: { smtpUrl: 'smtps://user:pw@mail.example:465', from: 'Hearth <hearth@hearth.example>' },
      pushContact: 'https://hearth.example',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ PUSH_CONTACT: 'http://me.example' })).toThrow(/PUSH_CONTACT/);
  });

  it('stores photos in S3-compatible storage when told, and says what else that needs', () => {
    const s3 = {
      PHOTO_STORAGE: 's3',
      S3_BUCKET: 'family-photos',
      S3_ENDPOINT: 'https://storage.example',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(s3).photoStorage).toEqual({
      kind: 's3',
      bucket: 'family-photos',
      region: 'us-east-1',
      endpoint: 'https://storage.example',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    });
    expect(() => loadConfig({ PHOTO_STORAGE: 's3' })).toThrow(/s3 needs S3_BUCKET/);
    expect(() => loadConfig({ PHOTO_STORAGE: 'ftp' })).toThrow(/PHOTO_STORAGE: must be one of disk, s3/);
  });

  it('reads and converts every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://hearth@db:5432/hearth',
      DATABASE_POOL_MAX: '4',
      DATA_DIR: '/var/lib/hearth',
      PUBLIC_URL: 'https://hearth.example/',
      STATIC_DIR: '/srv/hearth',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      PUBLIC_FORM_RATE_LIMIT_PER_IP: '50',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      syncNotify: 'postgres',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://hearth@db:5432/hearth',
      databasePoolMax: 4,
      google: { clientId: 'id', clientSecret: 'secret' },
      logLevel: 'warn',
      authRateLimitPerIp: 1000,
      publicFormRateLimitPerIp: 50,
      trustProxy: true,
    });
    expect(config.publicUrl?.origin).toBe('https://hearth.example');
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', GOOGLE_CLIENT_ID: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      google: undefined,
    });
  });

  it('names every bad variable in one message', () => {
    const load = () =>
      loadConfig({ PORT: 'abc', PUBLIC_URL: 'ftp://x', TRUST_PROXY: 'maybe', GOOGLE_CLIENT_ID: 'only-id' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PUBLIC_URL', 'TRUST_PROXY', 'GOOGLE_CLIENT_ID']) expect(message).toContain(name);
    }
  });

  it('sends changes between instances through PostgreSQL unless told to keep them local', () => {
    const databaseUrl = 'postgres://hearth@db:5432/hearth';
    expect(loadConfig({ DATABASE_URL: databaseUrl }).syncNotify).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: databaseUrl, SYNC_NOTIFY: 'local' }).syncNotify).toBe('local');
    expect(() => loadConfig({ SYNC_NOTIFY: 'postgres' })).toThrow(/SYNC_NOTIFY: postgres needs DATABASE_URL/);
    expect(() => loadConfig({ SYNC_NOTIFY: 'redis' })).toThrow(/SYNC_NOTIFY: must be one of postgres, local/);
  });
});
