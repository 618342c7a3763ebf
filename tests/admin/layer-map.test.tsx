/**
 * The layer's Leaflet map drawn in the test DOM (SVG geometry and layout stand-ins, as for the
 * jurisdiction map): each feature a circle in the style being edited, restyled as the style
 * changes, and each move reporting the box shown.
 */
import { render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LayerMapProps } from '../../src/admin/resources/LayerMap.tsx';
import { FEATURES, LAYER } from './resourcesFixtures.ts';

let LayerMap: ComponentType<LayerMapProps>;

beforeAll(async () => {
  Object.defineProperty(window.SVGSVGElement.prototype, 'createSVGRect', { configurable: true, value: () => ({}) });
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 320 });
  LayerMap = (await import('../../src/admin/resources/LayerMap.tsx')).default;
});

afterAll(() => {
  delete (window.SVGSVGElement.prototype as unknown as Record<string, unknown>).createSVGRect;
  delete (window.HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
  delete (window.HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});

const circles = (container: HTMLElement) => [...container.querySelectorAll('path.leaflet-interactive')].map((path) => path.getAttribute('fill'));

describe('layer map', () => {
  it('draws each feature in the edited style and restyles them when the style changes', async () => {
    const props = { box: LAYER.bbox!, features: FEATURES, tileUrl: '/tiles/{z}/{x}/{y}.png', onMove: vi.fn() };
    const { container, rerender } = render(<LayerMap {...props} config={{ kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 }} />);
    await waitFor(() => expect(circles(container)).toEqual(['#1f78b4', '#1f78b4', '#1f78b4']));
    rerender(
      <LayerMap
        {...props}
        config={{ kind: 'classified', column: 'mode', size: 6, opacity: 0.8, classes: [{ value: 'bus', color: '#e41a1c' }, { value: 'tram', color: '#377eb8' }] }}
      />,
    );
    await waitFor(() => expect(circles(container)).toEqual(['#e41a1c', '#377eb8', '#e41a1c']));
  });

  it('reports the box shown after a move', async () => {
    const onMove = vi.fn();
    const { container } = render(
      <LayerMap box={LAYER.bbox!} features={[]} tileUrl="/tiles/{z}/{x}/{y}.png" onMove={onMove} config={{ kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 }} />,
    );
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull());
    (container.querySelector('.leaflet-control-zoom-in') as HTMLElement).click();
    await waitFor(() => expect(onMove).toHaveBeenCalled());
    const [minLon, minLat, maxLon, maxLat] = onMove.mock.calls.at(-1)![0] as number[];
    // Zoomed in around the layer's box: a box inside the first view, around its centre.
    expect(minLon).toBeLessThan(4.85);
    expect(maxLon).toBeGreaterThan(4.85);
    expect(minLat).toBeLessThan(45.75);
    expect(maxLat).toBeGreaterThan(45.75);
  });
});
