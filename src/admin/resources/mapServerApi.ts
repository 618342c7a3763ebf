/**
 * The map server's lists, in GeoServer's REST format (`{"workspaces": {"workspace": [{name}]}}`,
 * `{"layers": {"layer": [{name}]}}`, `{"layerGroups": {"layerGroup": [{name}]}}`; an empty list
 * comes as an empty string), as names.
 */
import { httpClient, type HttpClient } from '../http/client.ts';
import { PATHS } from './resourcesApi.ts';

type Named = { name: string };

function names(answer: unknown, list: string, item: string): string[] {
  const container = (answer as Record<string, unknown> | null)?.[list];
  const entries = container && typeof container === 'object' ? (container as Record<string, unknown>)[item] : undefined;
  return Array.isArray(entries) ? (entries as Named[]).map((entry) => entry.name).filter((name) => typeof name === 'string') : [];
}

export function createMapServerApi(http: HttpClient = httpClient) {
  return {
    workspaces: async (signal?: AbortSignal) => names((await http.request(PATHS.mapServerWorkspaces, { signal })).json, 'workspaces', 'workspace'),
    layers: async (workspace: string, signal?: AbortSignal) => names((await http.request(PATHS.mapServerLayers(workspace), { signal })).json, 'layers', 'layer'),
    layerGroups: async (workspace: string, signal?: AbortSignal) =>
      names((await http.request(PATHS.mapServerLayerGroups(workspace), { signal })).json, 'layerGroups', 'layerGroup'),
  };
}

export const mapServerApi = createMapServerApi();
