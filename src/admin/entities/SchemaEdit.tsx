/**
 * The edit screen of an entity, generated from its schema: pessimistic saves (the server's field
 * messages show under the fields), a toast per entity, delete after confirmation. Panels that a
 * schema cannot describe (members, uploads) are passed as children or field overrides.
 */
import { useState, type ReactNode } from 'react';
import { Edit, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorStatus } from '../http/errors.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { entityMessage, ownFailureMessage } from './entityMessages.ts';
import { entityOf } from './registry.ts';
import { SchemaForm, writePayload, type FieldOverrides, type SchemaFormProps } from './SchemaForm.tsx';
import { useEntityPaths } from './useEntityPaths.ts';
import { useRefusedSave } from './useRefusedSave.ts';
import { formCardFitsWindow } from '../layout/fitWindow.ts';

/** What a screen adds to the generated form: panels in its tabs and above them, the unsaved-changes guard. */
export type FormLayoutProps = Pick<SchemaFormProps, 'tabPanels' | 'topPanel' | 'warnWhenUnsavedChanges'>;

export interface SchemaEditProps extends FormLayoutProps {
  resource: string;
  fieldOverrides?: FieldOverrides;
  canDelete?: boolean | ((record: RaRecord) => boolean);
  /** Panels shown under the form, in the record's context. */
  children?: ReactNode;
  /** The record is shown, not offered for change. */
  readOnly?: boolean;
  /** After a successful save, with the record saved and the values sent (a dataset's publication). */
  onSaved?: (record: RaRecord, sent: Record<string, unknown>) => void;
  /**
   * Where a save leads, as react-admin's own `redirect`: the list (default), or `false` to stay on
   * the record, for pages worked on at length whose panels follow the save (a dataset's).
   */
  redirect?: 'list' | false;
}

export function SchemaEdit({ resource, fieldOverrides, canDelete = true, children, readOnly = false, onSaved, redirect = 'list', ...layout }: SchemaEditProps) {
  const entity = entityOf(resource);
  const paths = useEntityPaths(resource);
  const navigate = useNavigate();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const refused = useRefusedSave();
  // A record that does not exist (or no longer) is said in place, its address kept.
  const [missing, setMissing] = useState(false);
  if (missing) return <NotFound listPath={paths.list} />;
  return (
    <Edit
      resource={resource}
      mutationMode="pessimistic"
      actions={false}
      // The save bar sticks to the window's bottom: the card must not clip it.
      sx={formCardFitsWindow('RaEdit-card')}
      transform={(data) => writePayload(entity, data, 'edit')}
      queryOptions={{
        onError: (error: unknown) => {
          // 401 and 403 are handled by the auth provider (sign-in, access-denied page).
          const status = errorStatus(error);
          if (status === 404) return setMissing(true);
          notifyError(error, { resource });
          if (status !== 401 && status !== 403) navigate(paths.list);
        },
      }}
      mutationOptions={{
        onSuccess: (record: RaRecord, variables: { data?: Record<string, unknown> }) => {
          refused.record(null);
          notifySuccess(entityMessage(resource, 'updated'));
          onSaved?.(record, variables.data ?? {});
          if (redirect === 'list') navigate(paths.list);
        },
        // The entity's own message for a failed save (a contact's), above the server's reasons.
        onError: (error: unknown) => {
          refused.record(error);
          notifyError(error, { resource, message: ownFailureMessage(translate, resource, 'updateFailed') });
        },
      }}
    >
      <SchemaForm
        entity={entity}
        mode="edit"
        fieldOverrides={fieldOverrides}
        readOnly={readOnly}
        refusal={refused.refusal}
        {...layout}
        actions={
          canDelete && (
            <DeleteRecordButton redirectTo={paths.list} canShow={canDelete === true ? undefined : canDelete} />
          )
        }
      />
      {children}
    </Edit>
  );
}
