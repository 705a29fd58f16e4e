// The admin kit: the parts every domain's admin section is built from. Sections import them from here.
import * as adminStyles from './Admin.css';
import * as tableStyles from './AdminTable.css';

export { AdminList, useAdminList } from './AdminList';
export type { AdminListColumn } from './AdminList';
export { AdminSection } from './AdminSection';
export { ConfirmDialog } from './ConfirmDialog';
export { ContentForm, useContentForm, useContentListForm, valuesOf } from './ContentForm';
export type { ContentFormProps } from './ContentForm';
export { ContentListSection, useContentList } from './ContentListSection';
export { DateTime } from './DateTime';
export { SearchFilter, SelectFilter } from './FilterFields';
export { ImageUploadField } from './ImageUploadField';
export { ItemDialogs, useItemDialogs } from './ItemDialogs';
export { Pager, type PageCursor } from './Pager';
export { RichTextEditor } from './RichTextEditor';
export { RowDeleteButton } from './RowDeleteButton';
export { SaveStatus } from './SaveStatus';
export { shownColumn, useToastedChange, VisibilityButton } from './Visibility';
export { AUDIO_MAX_MB, AUDIO_PICKER_ACCEPT, IMAGE_PICKER_ACCEPT } from './upload-limits';
export { useAutosave, type SaveState } from './useAutosave';
export { useLeaveGuard } from './useLeaveGuard';
export { useUpload, type Uploader } from './useUpload';
export { adminStyles, tableStyles };
