import type {
  AuthProviders,
  LoginBody,
  PasswordChangeBody,
  ProfileUpdateBody,
  SignupBody,
} from '../../../schema/account.ts';
import type { User } from '../../../schema/entities.ts';
import { api } from '../../lib/api-client.ts';

/** The account calls of the API, in one place so every screen sends the same thing. */
export const accountApi = {
  login: (body: LoginBody) => api.post<{ user: User }>('/api/auth/login', body),
  signup: (body: SignupBody) => api.post<{ user: User }>('/api/auth/signup', body),
  updateProfile: (body: ProfileUpdateBody) => api.patch<User>('/api/auth/user', body),
  changePassword: (body: PasswordChangeBody) => api.post<void>('/api/auth/password', body),
  providers: () => api.get<AuthProviders>('/api/auth/providers'),
};
