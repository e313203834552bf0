import { startHearth } from './hearth-server.ts';

/** One Hearth server for the whole run; workers find it through HEARTH_E2E_URL. */
export default async function globalSetup() {
  const hearth = await startHearth();
  process.env.HEARTH_E2E_URL = hearth.url;
  process.env.HEARTH_E2E_DATABASE_URL = hearth.databaseUrl;
  return async () => {
    await hearth.stop();
  };
}
