import { createFileRoute } from '@tanstack/react-router';
import { AccountDeletedScreen } from '../features/settings/account-deleted-screen.tsx';

/** Where Delete My Account ends (decision 0026): a page that says it is done, for whoever is on the device. */
export const Route = createFileRoute('/account-deleted')({
  component: AccountDeletedScreen,
});
