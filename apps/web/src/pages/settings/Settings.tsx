export function Settings(_p: any) { return null; }
