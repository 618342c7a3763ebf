/**
 * A style's look: one colour for all, a colour per value of a column (and one for the other
 * values, which can be left undrawn), or graduated classes of a numeric column; the symbol's
 * settings by geometry type, labels from a column (size, colour, halo) and the zooms the style is
 * drawn between. Every change is shown at once on the map and in the legend.
 */
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { geometryFamily, MARK_SHAPES, type MarkShape } from '../../../schemas/styles.ts';
import { CATEGORY_PALETTES, CLASS_METHODS, MAX_CLASSES, MIN_CLASSES, numbersOf, PALETTES, type ClassMethod } from './classification.ts';
import type { DashName, LabelSettings, StyleConfig, SymbolSettings, ZoomRange } from './resourcesApi.ts';
import { classify, DASHES, DEFAULT_LABEL, DEFAULT_STYLE, defaultCategoryColumn, graduate, OTHER_COLOUR } from './styleConfig.ts';

const DEFAULT_CLASS_COUNT = 5;

const L = 'resources.geographic-layers';

export interface StyleEditorProps {
  config: StyleConfig;
  /** The columns of the layer's features, and the values seen for each. */
  columns: string[];
  valuesOf: (column: string) => unknown[];
  onChange: (config: StyleConfig) => void;
  /** The layer's geometry type: which symbol settings are offered. */
  geometryType?: string | null;
  /** The layer's X and Y columns, which a classification never starts on. */
  coordinates?: readonly (string | null)[];
}

const NO_LABEL = '';

/** A select of the first row: as wide as the row leaves it, down to `min` before the row wraps (a column on phones). */
const growing = (min: number) => ({ flex: { sm: `1 1 ${min}px` }, minWidth: min });

export function StyleEditor({ config, columns, valuesOf, onChange, geometryType = null, coordinates = [] }: StyleEditorProps) {
  const translate = useTranslate();
  const family = geometryFamily(geometryType);
  const [categoryPalette, setCategoryPalette] = useState('Set1');
  const symbol = config.symbol ?? {};
  // A new kind or classification keeps the symbol, labels, zooms, and the other values' colour (or their absence).
  const change = (next: StyleConfig) => {
    const merged: StyleConfig = { ...next };
    if (config.symbol) merged.symbol = config.symbol;
    if (config.label) merged.label = config.label;
    if (config.zoom) merged.zoom = config.zoom;
    if (next.kind === 'classified' && config.kind === 'classified') {
      if (config.other) merged.other = config.other;
      else delete merged.other;
    }
    onChange(merged);
  };
  const setSymbol = (changes: SymbolSettings) => onChange({ ...config, symbol: { ...symbol, ...changes } });
  const without = (key: 'label' | 'other' | 'zoom') => {
    const rest = { ...config };
    delete rest[key];
    return rest;
  };
  const setLabel = (changes: Partial<LabelSettings>) => {
    if (changes.column === NO_LABEL) onChange(without('label'));
    else onChange({ ...config, label: { ...DEFAULT_LABEL, column: '', ...config.label, ...changes } });
  };
  const setZoom = (end: keyof ZoomRange, text: string) => {
    const zoom: ZoomRange = { ...config.zoom };
    if (text.trim() === '') delete zoom[end];
    else zoom[end] = Math.max(0, Math.min(24, Number(text) || 0));
    const rest = without('zoom');
    onChange(Object.keys(zoom).length > 0 ? { ...rest, zoom } : rest);
  };
  const label = config.label;
  // Graduated classes need a column of numbers.
  const numericColumns = columns.filter((column) => numbersOf(valuesOf(column)).length > 0);
  const regraduate = (changes: Partial<{ column: string; method: ClassMethod; count: number; palette: string }>) => {
    const current = config.kind === 'graduated' ? config : null;
    const column = changes.column ?? current?.column ?? numericColumns[0];
    change(graduate(column, valuesOf(column), changes.method ?? current?.method ?? 'quantile', changes.count ?? current?.classes.length ?? DEFAULT_CLASS_COUNT, changes.palette ?? current?.palette ?? PALETTES[0].name, config));
  };
  const setKind = (kind: string) => {
    if (kind === config.kind) return;
    if (kind === 'simple') change({ ...DEFAULT_STYLE, size: config.size, opacity: config.opacity });
    else if (kind === 'graduated') regraduate({});
    else {
      const column = defaultCategoryColumn(columns, valuesOf, coordinates);
      if (column) change(classify(column, valuesOf(column), config, categoryPalette));
    }
  };
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.style.editor`)}>
      {/* The graduated settings fill more than a line: they wrap rather than squeeze each field to a letter. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField select label={translate(`${L}.style.kind`)} value={config.kind} onChange={(event) => setKind(event.target.value)} sx={growing(200)}>
          <MenuItem value="simple">{translate(`${L}.style.kinds.simple`)}</MenuItem>
          <MenuItem value="classified" disabled={columns.length === 0}>
            {translate(`${L}.style.kinds.classified`)}
          </MenuItem>
          <MenuItem value="graduated" disabled={numericColumns.length === 0}>
            {translate(`${L}.style.kinds.graduated`)}
          </MenuItem>
        </TextField>
        {config.kind === 'simple' && (
          <TextField type="color" label={translate(`${L}.style.color`)} value={config.color} onChange={(event) => onChange({ ...config, color: event.target.value })} sx={{ width: 120 }} />
        )}
        {config.kind === 'classified' && (
          <>
            <TextField select label={translate(`${L}.style.column`)} value={config.column} onChange={(event) => change(classify(event.target.value, valuesOf(event.target.value), config, categoryPalette))} sx={growing(200)}>
              {columns.map((column) => (
                <MenuItem key={column} value={column}>
                  {column}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate(`${L}.style.palette`)}
              value={categoryPalette}
              onChange={(event) => {
                setCategoryPalette(event.target.value);
                change(classify(config.column, valuesOf(config.column), config, event.target.value));
              }}
              sx={growing(140)}
            >
              {Object.keys(CATEGORY_PALETTES).map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        {config.kind === 'graduated' && (
          <>
            <TextField select label={translate(`${L}.style.column`)} value={config.column} onChange={(event) => regraduate({ column: event.target.value })} sx={growing(160)}>
              {numericColumns.map((column) => (
                <MenuItem key={column} value={column}>
                  {column}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={translate(`${L}.style.method`)} value={config.method} onChange={(event) => regraduate({ method: event.target.value as ClassMethod })} sx={growing(180)}>
              {CLASS_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {translate(`${L}.style.methods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="number"
              label={translate(`${L}.style.classCount`)}
              value={config.classes.length || DEFAULT_CLASS_COUNT}
              slotProps={{ htmlInput: { min: MIN_CLASSES, max: MAX_CLASSES } }}
              onChange={(event) => regraduate({ count: Math.max(MIN_CLASSES, Math.min(MAX_CLASSES, Number(event.target.value) || MIN_CLASSES)) })}
              sx={{ width: 160 }}
            />
            <TextField select label={translate(`${L}.style.palette`)} value={config.palette} onChange={(event) => regraduate({ palette: event.target.value })} sx={growing(200)}>
              {PALETTES.map((palette) => (
                <MenuItem key={palette.name} value={palette.name}>
                  {translate(`${L}.style.paletteName`, { name: palette.name, kind: translate(`${L}.style.paletteKinds.${palette.kind}`), safe: palette.colourBlindSafe ? translate(`${L}.style.colourBlindSafe`) : '' }).trim()}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <TextField
          type="number"
          label={translate(`${L}.style.size`)}
          value={config.size}
          slotProps={{ htmlInput: { min: 1, max: 40 } }}
          onChange={(event) => onChange({ ...config, size: Math.max(1, Math.min(40, Number(event.target.value) || 1)) })}
          sx={{ width: 120 }}
        />
        <TextField
          type="number"
          label={translate(family === 'polygon' ? `${L}.style.fillOpacity` : `${L}.style.opacity`)}
          value={config.opacity}
          slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1 } }}
          onChange={(event) => onChange({ ...config, opacity: Math.max(0, Math.min(1, Number(event.target.value))) })}
          sx={{ width: 160 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(family === 'point' || family === 'mixed') && (
          <>
            <TextField select label={translate(`${L}.style.shape`)} value={symbol.shape ?? 'circle'} onChange={(event) => setSymbol({ shape: event.target.value as MarkShape })} sx={{ minWidth: 140 }}>
              {MARK_SHAPES.map((shape) => (
                <MenuItem key={shape} value={shape}>
                  {translate(`${L}.style.shapes.${shape}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField type="color" label={translate(`${L}.style.strokeColor`)} value={symbol.strokeColor ?? '#ffffff'} onChange={(event) => setSymbol({ strokeColor: event.target.value })} sx={{ width: 140 }} />
            <TextField type="number" label={translate(`${L}.style.strokeWidth`)} value={symbol.strokeWidth ?? 1} slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }} onChange={(event) => setSymbol({ strokeWidth: Math.max(0, Math.min(20, Number(event.target.value) || 0)) })} sx={{ width: 200 }} />
          </>
        )}
        {(family === 'line' || family === 'mixed') && (
          <TextField select label={translate(`${L}.style.dash`)} value={symbol.dash ?? 'solid'} onChange={(event) => setSymbol({ dash: event.target.value as DashName })} sx={{ minWidth: 140 }}>
            {(Object.keys(DASHES) as DashName[]).map((dash) => (
              <MenuItem key={dash} value={dash}>
                {translate(`${L}.style.dashes.${dash}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {(family === 'polygon' || family === 'mixed') && (
          <>
            <TextField type="color" label={translate(`${L}.style.outlineColor`)} value={symbol.outlineColor ?? '#333333'} onChange={(event) => setSymbol({ outlineColor: event.target.value })} sx={{ width: 140 }} />
            <TextField type="number" label={translate(`${L}.style.outlineWidth`)} value={symbol.outlineWidth ?? 1} slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }} onChange={(event) => setSymbol({ outlineWidth: Math.max(0, Math.min(20, Number(event.target.value) || 0)) })} sx={{ width: 200 }} />
          </>
        )}
        <TextField select label={translate(`${L}.style.label`)} value={label?.column ?? NO_LABEL} onChange={(event) => setLabel({ column: event.target.value })} sx={{ minWidth: 180 }}>
          <MenuItem value={NO_LABEL}>{translate(`${L}.style.noLabel`)}</MenuItem>
          {columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
        {label && (
          <>
            <TextField type="number" label={translate(`${L}.style.labelSize`)} value={label.size} slotProps={{ htmlInput: { min: 1, max: 100 } }} onChange={(event) => setLabel({ size: Math.max(1, Math.min(100, Number(event.target.value) || 1)) })} sx={{ width: 140 }} />
            <TextField type="color" label={translate(`${L}.style.labelColor`)} value={label.color} onChange={(event) => setLabel({ color: event.target.value })} sx={{ width: 140 }} />
            <TextField type="color" label={translate(`${L}.style.haloColor`)} value={label.haloColor} onChange={(event) => setLabel({ haloColor: event.target.value })} sx={{ width: 140 }} />
            <TextField type="number" label={translate(`${L}.style.haloWidth`)} value={label.haloWidth} slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }} onChange={(event) => setLabel({ haloWidth: Math.max(0, Math.min(20, Number(event.target.value) || 0)) })} sx={{ width: 200 }} />
          </>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="number" label={translate(`${L}.style.minZoom`)} value={config.zoom?.min ?? ''} slotProps={{ htmlInput: { min: 0, max: 24 } }} onChange={(event) => setZoom('min', event.target.value)} sx={{ width: 220 }} />
        <TextField type="number" label={translate(`${L}.style.maxZoom`)} value={config.zoom?.max ?? ''} slotProps={{ htmlInput: { min: 0, max: 24 } }} onChange={(event) => setZoom('max', event.target.value)} sx={{ width: 220 }} />
      </Stack>
      {config.kind === 'graduated' && (
        <Stack spacing={1}>
          {config.classes.length === 0 && <Typography color="text.secondary">{translate(`${L}.style.noValues`)}</Typography>}
          {config.classes.map((entry, index) => (
            <TextField
              key={`${entry.min}-${entry.max}`}
              type="color"
              label={translate(`${L}.style.classColor`, { value: `${entry.min} – ${entry.max}` })}
              value={entry.color}
              onChange={(event) => onChange({ ...config, classes: config.classes.map((other, at) => (at === index ? { ...other, color: event.target.value } : other)) })}
              sx={{ width: 240 }}
            />
          ))}
        </Stack>
      )}
      {config.kind === 'classified' && (
        <Stack spacing={1}>
          {config.classes.length === 0 && <Typography color="text.secondary">{translate(`${L}.style.noValues`)}</Typography>}
          {config.classes.map((entry, index) => (
            <TextField
              key={entry.value}
              type="color"
              label={translate(`${L}.style.classColor`, { value: entry.value || '—' })}
              value={entry.color}
              onChange={(event) =>
                onChange({ ...config, classes: config.classes.map((other, at) => (at === index ? { ...other, color: event.target.value } : other)) })
              }
              sx={{ width: 240 }}
            />
          ))}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              control={<Checkbox checked={!!config.other} onChange={(event) => onChange(event.target.checked ? { ...config, other: OTHER_COLOUR } : without('other'))} />}
              label={translate(`${L}.style.otherValuesShown`)}
            />
            {config.other && (
              <TextField type="color" label={translate(`${L}.style.otherColor`)} value={config.other} onChange={(event) => onChange({ ...config, other: event.target.value })} sx={{ width: 240 }} />
            )}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
