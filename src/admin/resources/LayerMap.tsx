/**
 * A geographic layer drawn from its vector tiles with MapLibre GL (its own chunk, loaded only by
 * the layer page): the basemap's raster tiles under the layer's `tiles/{z}/{x}/{y}.pbf`, fitted
 * to the layer's box, restyled as the style being edited changes, a feature's attributes in a
 * popup on click. The map asks only the tiles it shows, so a large layer draws as fast as a small one.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, NavigationControl, Popup, setWorkerUrl, type MapGeoJSONFeature, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { MAP_ZOOM } from '../../../schemas/constants.ts';
import { normaliseBox, type BoundingBox } from '../jurisdictions/codes.ts';
import type { Style } from '../../../schemas/styles.ts';
import { FEATURE_LAYER_PREFIX, FEATURE_SOURCE, featureLayersOf } from './layerPaint.ts';

setWorkerUrl(workerUrl);


export interface LayerMapProps {
  box: BoundingBox;
  config: Style;
  /** The basemap's raster tiles (`{z}/{x}/{y}`). */
  tileUrl: string;
  /** The layer's vector tiles (`…/tiles/{z}/{x}/{y}.pbf`). */
  featureTilesUrl: string;
  /** The tile layer the features are in (the layer's codename). */
  sourceLayer: string;
}

/** Highest zoom the usual tile servers draw; MapLibre scales their tiles up beyond it. */
const MAX_NATIVE_ZOOM = 19;
/** The server makes tiles up to this zoom (docs/geodata.md). */
const MAX_TILE_ZOOM = 22;

const absolute = (url: string) => new URL(url, window.location.href).href.replace(/%7B/g, '{').replace(/%7D/g, '}');

function styleOf({ config, tileUrl, featureTilesUrl, sourceLayer }: Omit<LayerMapProps, 'box'>): StyleSpecification {
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'raster',
        tiles: [tileUrl],
        tileSize: 256,
        maxzoom: MAX_NATIVE_ZOOM,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      },
      [FEATURE_SOURCE]: { type: 'vector', tiles: [absolute(featureTilesUrl)], maxzoom: MAX_TILE_ZOOM },
    },
    layers: [{ id: 'basemap', type: 'raster', source: 'basemap' }, ...featureLayersOf(sourceLayer, config)],
  };
}

/** A feature's attributes as a two-column table (text only). */
function popupContent(feature: MapGeoJSONFeature): HTMLElement {
  const table = document.createElement('table');
  table.className = 'layer-map-popup';
  for (const [name, value] of Object.entries(feature.properties ?? {})) {
    const row = table.insertRow();
    const head = document.createElement('th');
    head.scope = 'row';
    head.textContent = name;
    row.append(head);
    row.insertCell().textContent = value === null || value === undefined ? '' : String(value);
  }
  return table;
}

/** The ids of the map layers drawing the features now. */
function featureLayerIds(map: MapLibreMap): string[] {
  return (map.getStyle()?.layers ?? []).map((layer) => layer.id).filter((id) => id.startsWith(FEATURE_LAYER_PREFIX));
}

/** Replaces the map layers drawing the features with those of `config`. */
function restyle(map: MapLibreMap, sourceLayer: string, config: Style) {
  for (const id of featureLayerIds(map)) map.removeLayer(id);
  for (const layer of featureLayersOf(sourceLayer, config)) map.addLayer(layer);
}

export default function LayerMap({ box, config, tileUrl, featureTilesUrl, sourceLayer }: LayerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  // Whether the map has read its style, after which its layers may change ('style.load', once per map).
  const styled = useRef(false);
  const configRef = useRef(config);
  configRef.current = config;
  const translate = useTranslate();

  useEffect(() => {
    const [minLon, minLat, maxLon, maxLat] = normaliseBox(box);
    const initial = configRef.current;
    styled.current = false;
    const created = new MapLibreMap({
      container: container.current!,
      style: styleOf({ config: initial, tileUrl, featureTilesUrl, sourceLayer }),
      bounds: [minLon, minLat, maxLon, maxLat],
      fitBoundsOptions: { padding: 24, maxZoom: 17 },
      minZoom: MAP_ZOOM.min,
      maxZoom: MAP_ZOOM.max,
      // The controls' and the canvas's names in the app's language, not MapLibre's English.
      locale: {
        'Map.Title': translate('publish.map.label'),
        'NavigationControl.ZoomIn': translate('publish.map.zoomIn'),
        'NavigationControl.ZoomOut': translate('publish.map.zoomOut'),
        'AttributionControl.ToggleAttribution': translate('publish.map.attribution'),
        'Popup.Close': translate('publish.map.closePopup'),
      },
    });
    created.addControl(new NavigationControl({ showCompass: false }));
    // A change made before the style was read is drawn once it is.
    created.once('style.load', () => {
      styled.current = true;
      if (configRef.current !== initial) restyle(created, sourceLayer, configRef.current);
    });
    const featuresAt = (point: { x: number; y: number }) => created.queryRenderedFeatures([point.x, point.y], { layers: featureLayerIds(created) });
    created.on('click', (event) => {
      const feature = featuresAt(event.point)[0];
      if (feature) new Popup({ maxWidth: '320px' }).setLngLat(event.lngLat).setDOMContent(popupContent(feature)).addTo(created);
    });
    // Busy while tiles load, so assistive technologies (and tests) know when the drawing is done.
    created.on('dataloading', () => created.getContainer().setAttribute('aria-busy', 'true'));
    created.on('idle', () => created.getContainer().setAttribute('aria-busy', 'false'));
    created.on('mousemove', (event) => (created.getCanvas().style.cursor = featuresAt(event.point).length > 0 ? 'pointer' : ''));
    map.current = created;
    return () => {
      map.current = null;
      created.remove();
    };
    // The box is the first view only; the style follows below without making the map again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, featureTilesUrl, sourceLayer]);

  // Each change of the style restyles the drawn features, whenever it comes: while tiles load, the
  // style is there to change (MapLibre's isStyleLoaded() also waits for the tiles, and its 'load'
  // event comes once only, so a change waiting for either could be lost).
  useEffect(() => {
    const shown = map.current;
    if (shown && styled.current) restyle(shown, sourceLayer, config);
  }, [config, sourceLayer]);

  return <div ref={container} className="layer-map" aria-busy="true" style={{ height: 420, width: '100%', isolation: 'isolate' }} />;
}
