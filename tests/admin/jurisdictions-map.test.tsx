/**
 * The Leaflet map of a jurisdiction, drawn in the test DOM: jsdom has no SVG geometry nor layout,
 * so both are given a minimal stand-in before Leaflet loads. Tiles are never fetched here.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JurisdictionMapProps } from '../../src/admin/jurisdictions/JurisdictionMap.tsx';
import type { ComponentType } from 'react';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';

let JurisdictionMap: ComponentType<JurisdictionMapProps>;

beforeAll(async () => {
  // Leaflet decides at load time whether it can draw with SVG, and animate its zooms (CSS 3D
  // transforms, as every browser the app serves has).
  Object.defineProperty(window.SVGSVGElement.prototype, 'createSVGRect', { configurable: true, value: () => ({}) });
  Object.defineProperty(window, 'WebKitCSSMatrix', { configurable: true, value: class { m11 = 1; } });
  // A laid-out map container, so that fitting a box gives a finite zoom.
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 320 });
  JurisdictionMap = (await import('../../src/admin/jurisdictions/JurisdictionMap.tsx')).default;
});

afterAll(() => {
  const svg = window.SVGSVGElement.prototype as unknown as Record<string, unknown>;
  const element = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  delete svg.createSVGRect;
  delete (window as unknown as Record<string, unknown>).WebKitCSSMatrix;
  delete element.clientWidth;
  delete element.clientHeight;
});

describe('jurisdiction map', () => {
  it('draws the box as a rectangle, fits the map to it and takes tiles from the configured URL', async () => {
    const { container } = render(
      <JurisdictionMap
        box={[5.2286, 43.1696, 5.5324, 43.6078]}
        defaultBox={[4.0, 42.8, 7.9, 45.3]}
        tileUrl="/tiles/{z}/{x}/{y}.png"
      />,
    );
    await waitFor(() => expect(container.querySelector('path.leaflet-interactive')).not.toBeNull());
    const tile = container.querySelector<HTMLImageElement>('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(/^\/tiles\/\d+\/\d+\/\d+\.png$/);
    const zoom = Number(tile!.getAttribute('src')!.split('/')[2]);
    // A box of about 0.3° × 0.4° in 640 × 320 pixels: zoomed well in from the region's zoom.
    expect(zoom).toBeGreaterThanOrEqual(8);
    expect(zoom).toBeLessThanOrEqual(21);
  });

  it('shows the default region without a rectangle when there is no box', async () => {
    const { container } = render(
      <JurisdictionMap box={null} defaultBox={[4.0, 42.8, 7.9, 45.3]} tileUrl="/tiles/{z}/{x}/{y}.png" />,
    );
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull());
    expect(container.querySelector('path.leaflet-interactive')).toBeNull();
    const zoom = Number(container.querySelector('img.leaflet-tile')!.getAttribute('src')!.split('/')[2]);
    expect(zoom).toBeGreaterThanOrEqual(4);
    expect(zoom).toBeLessThan(8);
  });

  it('goes away without an error when it leaves right after fitting a new box (a saved jurisdiction)', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    try {
      const marseille = [5.2286, 43.1696, 5.5324, 43.6078] as const;
      const { container, rerender, unmount } = render(<JurisdictionMap box={[...marseille]} defaultBox={[4.0, 42.8, 7.9, 45.3]} tileUrl="/tiles/{z}/{x}/{y}.png" />);
      await waitFor(() => expect(container.querySelector('path.leaflet-interactive')).not.toBeNull());
      // The saved box, one zoom step out: the fit to it was an animated zoom, still moving the
      // map's panes when the page left for the list.
      rerender(<JurisdictionMap box={[5.0, 43.0, 5.7, 43.8]} defaultBox={[4.0, 42.8, 7.9, 45.3]} tileUrl="/tiles/{z}/{x}/{y}.png" />);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      unmount();
      // Past Leaflet's 250 ms end of a zoom animation.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(errors).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('names its zoom buttons in the app language', async () => {
    render(
      <I18nContextProvider value={createI18nProvider()}>
        <JurisdictionMap box={null} defaultBox={[4.0, 42.8, 7.9, 45.3]} tileUrl="/tiles/{z}/{x}/{y}.png" />
      </I18nContextProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Zoom avant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom arrière' })).toBeInTheDocument();
  });
});
