export function AddServer(_p: any) { return null; }
