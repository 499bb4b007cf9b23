export function SharePage(_p: any) { return null; }
