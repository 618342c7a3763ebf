/**
 * A style's look: one colour, size and opacity for every point, or a colour per value of a column.
 * Every change is shown at once on the map and in the legend.
 */
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { geometryFamily, MARK_SHAPES, type MarkShape, type Style } from '../../../schemas/styles.ts';
import { CATEGORY_PALETTES, CLASS_METHODS, MAX_CLASSES, MIN_CLASSES, numbersOf, PALETTES, type ClassMethod } from './classification.ts';
import type { DashName, StyleConfig, SymbolSettings } from './resourcesApi.ts';
import { classify, DASHES, DEFAULT_STYLE, graduate, legendOf } from './styleConfig.ts';

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
}

const NO_LABEL = '';

export function StyleEditor({ config, columns, valuesOf, onChange, geometryType = null }: StyleEditorProps) {
  const translate = useTranslate();
  const family = geometryFamily(geometryType);
  const [categoryPalette, setCategoryPalette] = useState('Set1');
  const symbol = config.symbol ?? {};
  const keep = { symbol: config.symbol, label: config.label };
  const change = (next: StyleConfig) => onChange({ ...next, ...(keep.symbol ? { symbol: keep.symbol } : {}), ...(keep.label ? { label: keep.label } : {}) });
  const setSymbol = (changes: SymbolSettings) => onChange({ ...config, symbol: { ...symbol, ...changes } });
  const setLabel = (column: string) => {
    const { label: _dropped, ...rest } = config;
    onChange(column === NO_LABEL ? rest : { ...rest, label: column });
  };
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
    else if (columns[0]) change(classify(columns[0], valuesOf(columns[0]), config, categoryPalette));
  };
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.style.editor`)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={translate(`${L}.style.kind`)} value={config.kind} onChange={(event) => setKind(event.target.value)} sx={{ minWidth: 200 }}>
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
            <TextField select label={translate(`${L}.style.column`)} value={config.column} onChange={(event) => change(classify(event.target.value, valuesOf(event.target.value), config, categoryPalette))} sx={{ minWidth: 200 }}>
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
              sx={{ minWidth: 140 }}
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
            <TextField select label={translate(`${L}.style.column`)} value={config.column} onChange={(event) => regraduate({ column: event.target.value })} sx={{ minWidth: 160 }}>
              {numericColumns.map((column) => (
                <MenuItem key={column} value={column}>
                  {column}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={translate(`${L}.style.method`)} value={config.method} onChange={(event) => regraduate({ method: event.target.value as ClassMethod })} sx={{ minWidth: 180 }}>
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
              sx={{ width: 120 }}
            />
            <TextField select label={translate(`${L}.style.palette`)} value={config.palette} onChange={(event) => regraduate({ palette: event.target.value })} sx={{ minWidth: 200 }}>
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
          label={translate(`${L}.style.opacity`)}
          value={config.opacity}
          slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1 } }}
          onChange={(event) => onChange({ ...config, opacity: Math.max(0, Math.min(1, Number(event.target.value))) })}
          sx={{ width: 120 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
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
            <TextField type="number" label={translate(`${L}.style.strokeWidth`)} value={symbol.strokeWidth ?? 1} slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }} onChange={(event) => setSymbol({ strokeWidth: Math.max(0, Math.min(20, Number(event.target.value) || 0)) })} sx={{ width: 140 }} />
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
            <TextField type="number" label={translate(`${L}.style.outlineWidth`)} value={symbol.outlineWidth ?? 1} slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }} onChange={(event) => setSymbol({ outlineWidth: Math.max(0, Math.min(20, Number(event.target.value) || 0)) })} sx={{ width: 140 }} />
          </>
        )}
        <TextField select label={translate(`${L}.style.label`)} value={config.label ?? NO_LABEL} onChange={(event) => setLabel(event.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value={NO_LABEL}>{translate(`${L}.style.noLabel`)}</MenuItem>
          {columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
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
        </Stack>
      )}
    </Stack>
  );
}

/** The legend of a style: what each colour means, as the map draws it (each rule's name and colour). */
export function StyleLegend({ style }: { style: Style }) {
  const translate = useTranslate();
  const entries = legendOf(style).map((entry) => ({ label: entry.label ?? translate(`${L}.style.allFeatures`), color: entry.color }));
  return (
    <Stack component="ul" aria-label={translate(`${L}.style.legend`)} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry, index) => (
        <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-color={entry.color}>
          <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', background: entry.color }} />
          <Typography variant="body2">{`${entry.label} (${entry.color})`}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
