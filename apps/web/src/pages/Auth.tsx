export function SignIn(_p: any) { return null; }
export function SignUp() { return null; }
