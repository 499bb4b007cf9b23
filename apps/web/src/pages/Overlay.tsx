export function Overlay(_p: any) { return null; }
