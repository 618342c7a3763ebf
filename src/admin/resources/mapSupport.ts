/** Whether this browser can draw a MapLibre map (WebGL; test DOMs have none). */
export function canDrawVectorMap(): boolean {
  if (typeof window === 'undefined' || (typeof window.WebGL2RenderingContext === 'undefined' && typeof window.WebGLRenderingContext === 'undefined')) return false;
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
