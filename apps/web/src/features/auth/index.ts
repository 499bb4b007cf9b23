/** The auth feature's public surface: the sign-in and sign-up pages. */
export { SignIn } from './SignIn';
export { SignUp } from './SignUp';
export { ConfirmRecipient } from './ConfirmRecipient';
// issue 22: e-mail verification and password reset
export { CheckEmail } from './CheckEmail';
export { ForgotPassword } from './ForgotPassword';
export { ResetPassword } from './ResetPassword';
export { VerifyEmail } from './VerifyEmail';
export { InvitationPage } from './InvitationPage';
export { SsoComplete } from './SsoComplete';
