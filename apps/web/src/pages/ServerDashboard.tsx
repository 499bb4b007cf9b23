export function ServerDashboard(_p: any) { return null; }
