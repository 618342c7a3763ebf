/**
 * A dataset's page (spec, section 2): the generated form with the dataset's own inputs in tabs,
 * with its panels (failures, permissions, resources, contacts, children, tasks, history) in theirs.
 * Leaving it with unsaved changes asks first. Saving keeps the page open and runs the
 * scenario of its publication state (spec, section 4). A dataset the user may see but not change is
 * shown without inputs: its unfilled fields, thumbnail and coverage map stay.
 */
import { useCallback } from 'react';
import { Labeled, TextField, useGetOne, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { FormViewProps } from '../entities/entityViews.ts';
import { isEditable } from '../entities/editable.ts';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import type { FieldOverrides } from '../entities/SchemaForm.tsx';
import { CoveragePreview } from './CoveragePreview.tsx';
import { datasetTabPanels, datasetTopPanel } from './DatasetPanels.tsx';
import { isPublished, useRunPublication } from './useRunPublication.ts';

/** What a reader sees of the dataset's own inputs: those that show rather than change. */
function readOnlyOverrides(overrides: FieldOverrides): FieldOverrides {
  return {
    unfilled_fields: overrides.unfilled_fields,
    thumbnail: overrides.thumbnail,
    bbox: <CoveragePreview key="bbox" boxSource="bbox" />,
    // The owner by the name the dataset carries: a reader of another group's dataset may not read that group.
    usergroup: (
      <Labeled key="usergroup" label="resources.datasets.fields.usergroup">
        <TextField source="usergroup_name" />
      </Labeled>
    ),
  };
}

export default function DatasetEdit({ fieldOverrides = {} }: FormViewProps) {
  const { id } = useParams<{ id: string }>();
  // The record the page loads (the same query, answered once).
  const { data } = useGetOne('datasets', { id: id! }, { enabled: id !== undefined });
  const readOnly = data?.editable === false;
  const runPublication = useRunPublication();
  // The publication toggle is saved with the dataset: its scenario follows every save of it.
  const onSaved = useCallback(
    (record: RaRecord, sent: Record<string, unknown>) => {
      if ('publish' in sent) void runPublication(record.id as number, isPublished(sent.publish));
    },
    [runPublication],
  );
  return (
    <SchemaEdit
      resource="datasets"
      fieldOverrides={readOnly ? readOnlyOverrides(fieldOverrides) : fieldOverrides}
      canDelete={isEditable}
      readOnly={readOnly}
      onSaved={onSaved}
      topPanel={datasetTopPanel}
      tabPanels={datasetTabPanels}
      // A dataset is worked on at length: a save keeps its page, its history and score read again.
      redirect={false}
      warnWhenUnsavedChanges
    />
  );
}
