import type {
  AuthProviders,
  EmailSignInAsked,
  EmailSignInUseBody,
  LoginBody,
  PasswordChangeBody,
  PasswordResetBody,
  ProfileUpdateBody,
  SignupBody,
} from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { api } from '../../lib/api-client.ts';
import { settlePendingSignOut } from './server-session.ts';

/**
 * Every sign-in first settles a sign-out made offline, which would otherwise end the new session at the next start.
 */
async function signIn(path: string, body: object): Promise<{ user: User }> {
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
  /** "Forgot password?": the server answers the same whether or not the address has an account. */
  emailResetLink: (email: string) => api.post<void>('/api/auth/password-reset/email', { email }),
  /** A one-time link's new password: every other session ends, and this browser is signed in. */
  resetPassword: (body: PasswordResetBody) => signIn('/api/auth/password-reset', body),
  /** A sign-in link by email (decision 0055): the same answer whether or not the address has an account. */
  emailSignInLink: (email: string) => api.post<EmailSignInAsked>('/api/auth/email-sign-in', { email }),
  /** Opens a sign-in link: the code only when it was asked for in another browser. */
  openSignInLink: (body: EmailSignInUseBody) => signIn('/api/auth/email-sign-in/use', body),
};
