/** Second factors in the dashboard: the Security settings panel and the sign-in's second step / passkey sign-in. */
export { SecurityPanel } from './SecurityPanel';
export { isSecondStep, PasskeySignIn, SecondFactorStep, type SecondStep } from './SecondFactorStep';
