/** The dataset's thumbnail: shown, and replaced (JPG or PNG, 2 MB at most) by those who may change the dataset. */
import { useRecordContext } from 'react-admin';
import { FileUploadField } from '../accounts/FileUploadField.tsx';
import { datasetsApi } from './datasetsApi.ts';

export function ThumbnailInput({ source }: { source: string }) {
  const record = useRecordContext();
  return <FileUploadField source={source} kind="image" upload={datasetsApi.uploadThumbnail} canUpload={() => record?.editable === true} />;
}
