// What pages and the admin shell use of sign-in: the three screens' forms and their frame's
// styles, the signed-in admin and signing out.
import * as authFormStyles from './Form.css';

export { LoginForm } from './LoginForm';
export { ForgotPasswordForm } from './ForgotPasswordForm';
export { ResetPasswordForm } from './ResetPasswordForm';
export { JoinForm } from './JoinForm';
export { authFormStyles };
export { useAdminUser, useCan } from './useAdminUser';
export { useLogout } from './useLogout';
