import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../features/account/reset-password-screen.tsx';

export const Route = createFileRoute('/_guest/reset-password/$token')({ component: ResetPasswordScreen });
