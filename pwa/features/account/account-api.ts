import type {
  AuthProviders,
  LoginBody,
  PasswordChangeBody,
  ProfileUpdateBody,
  SignupBody,
} from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { api } from '../../lib/api-client.ts';
import { settlePendingSignOut } from './server-session.ts';

/**
 * Every sign-in first settles a sign-out made offline, which would otherwise end the new session at the next start.
 */
async function signIn(path: string, body: LoginBody | SignupBody): Promise<{ user: User }> {
  await settlePendingSignOut();
  return api.post<{ user: User }>(path, body);
}

/** The account calls of the API, in one place so every screen sends the same thing. */
export const accountApi = {
  login: (body: LoginBody) => signIn('/api/auth/login', body),
  signup: (body: SignupBody) => signIn('/api/auth/signup', body),
  updateProfile: (body: ProfileUpdateBody) => api.patch<User>('/api/auth/user', body),
  changePassword: (body: PasswordChangeBody) => api.post<void>('/api/auth/password', body),
  providers: () => api.get<AuthProviders>('/api/auth/providers'),
};
