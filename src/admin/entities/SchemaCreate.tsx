/** The create screen of an entity, generated from its schema. */
import { Create, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { defaultValues } from '../../../schemas/entity.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { entityMessage } from './entityMessages.ts';
import { entityOf } from './registry.ts';
import type { FormLayoutProps } from './SchemaEdit.tsx';
import { SchemaForm, writePayload, type FieldOverrides } from './SchemaForm.tsx';
import { useEntityPaths } from './useEntityPaths.ts';
import { useRefusedSave } from './useRefusedSave.ts';
import { formCardFitsWindow } from '../layout/fitWindow.ts';

export interface SchemaCreateProps extends FormLayoutProps {
  resource: string;
  fieldOverrides?: FieldOverrides;
  /** Values of the new record over the schema's defaults (those known from the signed-in user). */
  defaultValues?: Record<string, unknown>;
  /** The success toast naming the new record, instead of the entity's 'created' message. */
  createdMessage?: (record: RaRecord) => { message: string; args?: Record<string, unknown> };
  /** After a successful creation, with the new record (a dataset's publication). */
  onCreated?: (record: RaRecord) => void;
}

export function SchemaCreate({ resource, fieldOverrides, defaultValues: initialValues, createdMessage, onCreated, ...layout }: SchemaCreateProps) {
  const entity = entityOf(resource);
  const paths = useEntityPaths(resource);
  const navigate = useNavigate();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const refused = useRefusedSave();
  return (
    <Create
      resource={resource}
      // The save bar sticks to the window's bottom: the card must not clip it.
      sx={formCardFitsWindow('RaCreate-card')}
      transform={(data) => writePayload(entity, data, 'create')}
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          refused.record(null);
          const created = createdMessage?.(record);
          notifySuccess(created?.message ?? entityMessage(resource, 'created'), created?.args);
          onCreated?.(record);
          // The new record's page, where its uploads and members are managed.
          navigate(paths.edit(record.id));
        },
        // Field messages also show under the fields (pessimistic save).
        onError: (error: unknown) => {
          refused.record(error);
          notifyError(error, { resource });
        },
      }}
    >
      <SchemaForm entity={entity} mode="create" defaultValues={{ ...defaultValues(entity), ...initialValues }} fieldOverrides={fieldOverrides} refusal={refused.refusal} {...layout} />
    </Create>
  );
}
