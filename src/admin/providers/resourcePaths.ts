/**
 * react-admin resource name → platform API path (without locale, without slashes at the ends).
 * The single table the data provider reads; later screens add their resources here.
 */
export const RESOURCE_PATHS = {
  tasks: 'dashboard/task-queue-track',
} as const satisfies Record<string, string>;

export type ResourceName = keyof typeof RESOURCE_PATHS;

export function resourcePath(resource: string): string {
  const path = (RESOURCE_PATHS as Record<string, string>)[resource];
  if (!path) throw new Error(`Unknown resource "${resource}": add it to RESOURCE_PATHS`);
  return path;
}
