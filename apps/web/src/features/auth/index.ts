/** The auth feature's public surface: the sign-in and sign-up pages. */
export { SignIn } from './SignIn';
export { SignUp } from './SignUp';
export { ConfirmRecipient } from './ConfirmRecipient';
export { SsoComplete } from './SsoComplete';
