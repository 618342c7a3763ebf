/**
 * The inputs of each resource type: format and link, a file, a file of the group's sFTP folder,
 * a datastore table (the first 10, free ones unless searched), or a map-server layer or layer group.
 */
import { useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useStartup } from '../startup/useStartup.ts';
import { formatChangeFor } from './formatGuess.ts';
import { resourcesApi, type ResourceType } from './resourcesApi.ts';
import { mapServerApi } from './mapServerApi.ts';
import type { FieldErrors, WizardValues } from './wizardValues.ts';

const L = 'resources.dataset-resources';

export interface SourceFieldsProps {
  type: ResourceType;
  values: WizardValues;
  errors: FieldErrors;
  usergroupId: number | null;
  onChange: (changes: Partial<WizardValues>) => void;
}

function useHelper() {
  const translate = useTranslate();
  return (errors: FieldErrors, name: string) => (errors[name] ? { error: true, helperText: translate(errors[name]!, { _: errors[name] }) } : {});
}

function FormatSelect({ values, errors, onChange }: Pick<SourceFieldsProps, 'values' | 'errors' | 'onChange'>) {
  const translate = useTranslate();
  const helper = useHelper();
  const { dataFormats } = useStartup();
  return (
    <TextField
      select
      required
      label={translate(`${L}.fields.dataformat`)}
      value={values.dataformat_id}
      onChange={(event) => onChange({ dataformat_id: event.target.value === '' ? '' : Number(event.target.value) })}
      {...helper(errors, 'dataformat_id')}
    >
      {dataFormats.map((format) => (
        <MenuItem key={format.id} value={format.id}>
          {format.display_name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function FileInput({ values, errors, onChange }: Pick<SourceFieldsProps, 'values' | 'errors' | 'onChange'>) {
  const translate = useTranslate();
  const { dataFormats } = useStartup();
  return (
    <Stack spacing={0.5}>
      <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.fields.file`)}
        <input
          hidden
          type="file"
          aria-label={translate(`${L}.fields.file`)}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            // The format its extension names, when only one does.
            onChange({ file, ...(file ? formatChangeFor(file.name, dataFormats, values.dataformat_id) : {}) });
          }}
        />
      </Button>
      {values.file && <Typography variant="body2">{values.file.name}</Typography>}
      {errors.file && (
        <Typography variant="caption" color="error">
          {translate(errors.file, { _: errors.file })}
        </Typography>
      )}
    </Stack>
  );
}

function FtpSelect({ values, errors, usergroupId, onChange }: Omit<SourceFieldsProps, 'type'>) {
  const translate = useTranslate();
  const helper = useHelper();
  const { dataFormats } = useStartup();
  // Without a group there is no sFTP folder: the choices are empty.
  const { data = [] } = useQuery({
    queryKey: ['dataset-resources', 'ftp-choices', usergroupId],
    queryFn: ({ signal }) => resourcesApi.ftpChoices(usergroupId!, signal),
    enabled: usergroupId !== null,
  });
  const choices = usergroupId === null ? [] : data;
  return (
    <TextField
      select
      required
      label={translate(`${L}.fields.ftp`)}
      value={choices.some((choice) => choice.value === values.filename) ? values.filename : ''}
      onChange={(event) => onChange({ filename: event.target.value, ...formatChangeFor(event.target.value, dataFormats, values.dataformat_id) })}
      {...helper(errors, 'filename')}
    >
      {choices.length === 0 && (
        <MenuItem value="" disabled>
          {translate(`${L}.fields.ftpEmpty`)}
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DatastoreTables({ values, errors, onChange }: Pick<SourceFieldsProps, 'values' | 'errors' | 'onChange'>) {
  const translate = useTranslate();
  const helper = useHelper();
  const [search, setSearch] = useState('');
  const { data: databases = [] } = useQuery({
    queryKey: ['dataset-resources', 'databases'],
    queryFn: ({ signal }) => resourcesApi.datastoreDatabases('datapusher', signal),
  });
  const { data: tables = [] } = useQuery({
    queryKey: ['dataset-resources', 'tables', values.database, search],
    queryFn: ({ signal }) => resourcesApi.datastoreTables('datapusher', values.database, search, signal),
    enabled: values.database !== '',
  });
  const shown = tables.slice(0, 10);
  return (
    <>
      <TextField select label={translate(`${L}.fields.database`)} value={values.database} onChange={(event) => onChange({ database: event.target.value, table: '' })}>
        {databases.map((database) => (
          <MenuItem key={database} value={database}>
            {database}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate(`${L}.fields.tableSearch`)}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        disabled={!values.database}
        helperText={translate(`${L}.fields.tableHint`)}
      />
      <TextField select required label={translate(`${L}.fields.table`)} value={values.table} onChange={(event) => onChange({ table: event.target.value })} disabled={!values.database} {...helper(errors, 'table')}>
        {shown.map((table) => {
          const value = `${table.schema_name}.${table.table_name}`;
          return (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          );
        })}
      </TextField>
    </>
  );
}

function MapServerLayers({ values, errors, onChange }: Pick<SourceFieldsProps, 'values' | 'errors' | 'onChange'>) {
  const translate = useTranslate();
  const helper = useHelper();
  const { data: workspaces = [] } = useQuery({ queryKey: ['dataset-resources', 'workspaces'], queryFn: ({ signal }) => mapServerApi.workspaces(signal) });
  // The layers or the layer groups of the workspace, as the type chosen says.
  const { data: layers = [] } = useQuery({
    queryKey: ['dataset-resources', 'layers', values.workspace, values.layerType],
    queryFn: ({ signal }) => (values.layerType === 'layergroup' ? mapServerApi.layerGroups(values.workspace, signal) : mapServerApi.layers(values.workspace, signal)),
    enabled: values.workspace !== '',
  });
  return (
    <>
      <TextField select label={translate(`${L}.fields.workspace`)} value={values.workspace} onChange={(event) => onChange({ workspace: event.target.value, layer: '' })}>
        {workspaces.map((workspace) => (
          <MenuItem key={workspace} value={workspace}>
            {workspace}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={translate(`${L}.fields.layerType`)}
        value={values.layerType}
        onChange={(event) => onChange({ layerType: event.target.value as WizardValues['layerType'], layer: '' })}
      >
        {(['layer', 'layergroup'] as const).map((layerType) => (
          <MenuItem key={layerType} value={layerType}>
            {translate(`${L}.layerTypes.${layerType}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select required label={translate(`${L}.fields.layer`)} value={values.layer} onChange={(event) => onChange({ layer: event.target.value })} disabled={!values.workspace} {...helper(errors, 'layer')}>
        {layers.map((layer) => (
          <MenuItem key={layer} value={`${values.workspace}:${layer}`}>
            {layer}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export function SourceFields(props: SourceFieldsProps) {
  const translate = useTranslate();
  const helper = useHelper();
  const { dataFormats } = useStartup();
  const { type, values, errors, onChange } = props;
  switch (type) {
    case 'file-upload':
      return (
        <>
          <FormatSelect {...props} />
          <FileInput {...props} />
        </>
      );
    case 'file-download':
    case 'href':
      return (
        <>
          <FormatSelect {...props} />
          <TextField
            required
            type="url"
            label={translate(`${L}.fields.href`)}
            value={values.href}
            // The format the address's extension names, as for a file.
            onChange={(event) => onChange({ href: event.target.value, ...formatChangeFor(event.target.value, dataFormats, values.dataformat_id) })}
            {...helper(errors, 'href')}
          />
        </>
      );
    case 'ftp':
      return (
        <>
          <FormatSelect {...props} />
          <FtpSelect {...props} />
        </>
      );
    case 'datastore':
      return <DatastoreTables {...props} />;
    case 'geoserver':
      return <MapServerLayers {...props} />;
  }
}
