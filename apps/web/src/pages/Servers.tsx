export function Servers(_p: any) { return null; }
